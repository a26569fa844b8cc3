"""Bookings and reminder emails for bell tent hire."""
