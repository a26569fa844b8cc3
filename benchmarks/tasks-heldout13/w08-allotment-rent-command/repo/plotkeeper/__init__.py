"""Allotment plot register."""
