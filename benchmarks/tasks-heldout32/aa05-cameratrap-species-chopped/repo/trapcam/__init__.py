"""Tallies from the nature reserve's camera traps."""
