"""Flights from the club's launch log."""
import csv
from dataclasses import dataclass
from datetime import date


@dataclass
class Flight:
    day: date
    pilot: str
    glider: str
    launch: str
    minutes: int


def load_flights(path):
    """Every flight in a launch log CSV (date, pilot, glider, launch, minutes)."""
    with open(path, newline="", encoding="utf-8") as f:
        return [Flight(date.fromisoformat(r["date"].strip()), r["pilot"].strip(), r["glider"].strip(),
                       r["launch"].strip().lower(), int(r["minutes"]))
                for r in csv.DictReader(f)]


def between(flights, start=None, end=None):
    """The flights flown from `start` to `end` (dates; None means no limit)."""
    return [f for f in flights
            if (start is None or f.day >= start) and (end is None or f.day < end)]


def by_pilot(flights):
    """{pilot: [flights]} with the pilots in alphabetical order."""
    out = {}
    for f in flights:
        out.setdefault(f.pilot, []).append(f)
    return dict(sorted(out.items()))


def add_range_options(parser):
    parser.add_argument("--from", dest="start", type=date.fromisoformat, metavar="DATE",
                        help="first day to include (YYYY-MM-DD)")
    parser.add_argument("--to", dest="end", type=date.fromisoformat, metavar="DATE",
                        help="last day to include (YYYY-MM-DD)")
