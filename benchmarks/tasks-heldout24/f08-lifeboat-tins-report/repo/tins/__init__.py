"""Collection tins for the Porthkerris lifeboat station."""
