"""Quotes and the season schedule for Hobb's Thatching."""
__version__ = "1.3.0"
