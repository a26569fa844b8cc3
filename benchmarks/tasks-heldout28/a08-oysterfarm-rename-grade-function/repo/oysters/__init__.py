"""Harvest grading and price lists for Menai Strait Oysters."""
__version__ = "2.0.3"
