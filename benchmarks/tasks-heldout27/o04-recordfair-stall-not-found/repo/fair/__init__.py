"""Stall plan for the Corn Exchange Record Fair."""
__version__ = "0.9.2"
