"""Chimney sweep bookings: customers, sweep intervals and reminders."""
