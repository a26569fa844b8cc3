"""Cutting lists for Hollins Sawmill."""
