"""Yarn lists and costings for projects at Fell Croft Weaving."""
__version__ = "0.6.1"
