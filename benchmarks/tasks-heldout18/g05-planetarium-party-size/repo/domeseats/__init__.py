"""Planetarium seat bookings."""
