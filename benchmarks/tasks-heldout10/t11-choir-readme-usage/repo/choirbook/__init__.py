"""Choir roster and attendance."""
