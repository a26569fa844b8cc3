"""Riverside Chess Club ratings."""

__version__ = "1.2.0"
