"""Seat bookings for the Ashby community dial-a-ride minibus."""
