"""Egg records for the Back Lane hens."""

__version__ = "0.4.0"
