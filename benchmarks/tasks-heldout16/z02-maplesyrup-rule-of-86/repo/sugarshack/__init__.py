"""Helpers for a maple sugar shack."""

__version__ = "1.2.0"
