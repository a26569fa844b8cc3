"""Moth trap records for the Hollins Wood survey."""

__version__ = "0.5.1"
