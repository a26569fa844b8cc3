"""Workroom timings for Hatch & Brim, milliners."""
