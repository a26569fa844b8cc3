"""Community kitchen recipe helpers."""
