"""Pigeon race results: loft distances, clock times and velocities."""

__version__ = "0.6.1"
