"""Bookings for cathedral tours."""
