"""Timetable lookups for the Kessock harbour ferry."""

__version__ = "0.3.1"
