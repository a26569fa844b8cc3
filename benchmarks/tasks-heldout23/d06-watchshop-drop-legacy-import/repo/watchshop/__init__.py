"""Repair book for Hartley & Sons, watch and clock repairs."""
__version__ = "2.3.1"
