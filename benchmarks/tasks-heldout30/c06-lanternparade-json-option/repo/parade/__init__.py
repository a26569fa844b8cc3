"""Route sheets for the winter lantern parade."""
