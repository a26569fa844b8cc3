"""Bookings for the Saltley repair café."""
