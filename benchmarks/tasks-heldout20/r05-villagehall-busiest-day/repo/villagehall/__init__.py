"""Bookings for the village hall."""
