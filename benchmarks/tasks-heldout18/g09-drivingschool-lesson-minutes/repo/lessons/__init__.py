"""Driving school lesson diary."""
