"""Fault log for the arcade's pinball machines."""

__version__ = "1.4.0"
