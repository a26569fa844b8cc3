"""Quotes and block orders for Frostwork Ice Sculpture."""
__version__ = "2.3.1"
