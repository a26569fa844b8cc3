"""Reading the bookings.

dances.csv has one row per booking: date (YYYY-MM-DD), venue, start
(HH:MM) and fee in pounds (0 for charity dances).
"""
import csv
from dataclasses import dataclass
from datetime import date


@dataclass
class Dance:
    day: date
    venue: str
    start: str
    fee: int


def read_dances(path):
    """The bookings in `path`, earliest first."""
    with open(path, newline="", encoding="utf-8") as f:
        dances = [Dance(date.fromisoformat(r["date"].strip()), r["venue"].strip(), r["start"].strip(),
                        int(r["fee"])) for r in csv.DictReader(f)]
    return sorted(dances, key=lambda d: (d.day, d.start))
