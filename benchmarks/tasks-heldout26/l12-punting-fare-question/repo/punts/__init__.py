"""Fares and bookings for Mill Pond Punt Tours."""
