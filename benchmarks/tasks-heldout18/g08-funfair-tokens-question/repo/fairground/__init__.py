"""Ride tokens for the summer funfair."""
