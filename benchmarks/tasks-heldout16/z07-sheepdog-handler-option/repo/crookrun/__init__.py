"""Sheepdog trial results."""
