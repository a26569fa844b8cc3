"""Repair jobs for Pendle & Daughter, clock and watch repairers."""
__version__ = "2.1.0"
