"""Honey harvest bookkeeping for a small apiary."""

__version__ = "0.4.1"
