"""Bookings for a children's party magician."""
