"""Hedgelaying bookings for the Marches Hedgelaying Co-operative."""
__version__ = "0.6.0"
