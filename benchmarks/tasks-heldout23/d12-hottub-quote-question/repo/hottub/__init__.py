"""Quotes and bookings for Bubble & Squeak hot tub hire."""
