"""Hut bookings by week number."""
from dataclasses import dataclass


@dataclass(frozen=True)
class Booking:
    hut: int
    tenant: str
    first_week: int
    weeks: int = 1

    @property
    def last_week(self):
        return self.first_week + self.weeks - 1


def overlaps(a, b):
    """Do two bookings claim the same hut in the same week?"""
    return a.hut == b.hut and a.first_week <= b.last_week and b.first_week <= a.last_week
