"""Campsite bookings and invoices."""
