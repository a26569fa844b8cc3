"""Catalogue values for the Holloway Philatelic Society's exchange packets."""

__version__ = "2.1.0"
