"""Kit lists for scout camp."""
