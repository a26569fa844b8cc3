"""Boat bookings for a rowing club."""
