"""Entries, timing and results for the Skiddaw Horseshoe fell race."""
__version__ = "0.8.0"
