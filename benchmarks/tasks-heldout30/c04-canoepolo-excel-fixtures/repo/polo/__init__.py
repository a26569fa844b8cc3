"""League table and fixtures for the canoe polo league."""
