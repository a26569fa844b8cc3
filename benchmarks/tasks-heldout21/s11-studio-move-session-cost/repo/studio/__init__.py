"""Tin Roof Studios bookings."""
