"""Stall bookings for the Saturday farmers' market."""
