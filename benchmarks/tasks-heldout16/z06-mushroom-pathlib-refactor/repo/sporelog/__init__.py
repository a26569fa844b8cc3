"""Mushroom grow batch records."""
