"""Shearing tallies and wool bale planning for the Teviot shearing gang."""
__version__ = "1.2.0"
