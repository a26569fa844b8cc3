"""Loading hikes and adding them up."""

import csv
from dataclasses import dataclass


@dataclass
class Hike:
    date: str
    name: str
    km: float
    ascent_m: int

    @property
    def year(self):
        return int(self.date[:4])


def load(path):
    with open(path, newline="", encoding="utf-8") as fh:
        return [Hike(r["date"], r["name"], float(r["km"]), int(r["ascent_m"]))
                for r in csv.DictReader(fh)]


def totals(hikes, year=None):
    """(count, km, ascent in metres, longest hike or None) for a year or all time."""
    chosen = [h for h in hikes if year is None or h.year == year]
    km = sum(h.km for h in chosen)
    ascent = sum(h.ascent_m for h in chosen)
    longest = max(chosen, key=lambda h: h.km, default=None)
    return len(chosen), km, ascent, longest
