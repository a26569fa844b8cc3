"""Order book for Hollins Wood Turnery."""
