"""Bookings for the indoor cricket nets."""
