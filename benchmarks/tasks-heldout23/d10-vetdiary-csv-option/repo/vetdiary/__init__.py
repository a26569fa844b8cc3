"""Appointments diary for the Mill Lane veterinary surgery."""
