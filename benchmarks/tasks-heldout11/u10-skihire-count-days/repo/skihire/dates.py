"""Rental periods."""

from datetime import date


def parse_day(text):
    """'2025-02-14' -> date(2025, 2, 14)."""
    return date.fromisoformat(text.strip())


def rental_days(pickup, dropoff):
    """How many days a rental is charged for: the nights the kit is out, at least 1."""
    if dropoff < pickup:
        raise ValueError("return date %s is before pickup %s" % (dropoff, pickup))
    return max(1, (dropoff - pickup).days)
