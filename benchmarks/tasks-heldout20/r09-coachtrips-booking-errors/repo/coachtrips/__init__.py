"""Seats on the coach trips."""
