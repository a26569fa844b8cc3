"""Bookings for the Mountain Shelters Trust's bookable bothies."""
__version__ = "0.4.3"
