"""vendfleet: nightly restock planning for a fleet of vending machines."""
