"""Reading the votes and working out places.

votes.csv has one row per scarecrow per year: year, scarecrow (its name),
family and votes.
"""
import csv
from dataclasses import dataclass


@dataclass
class Entry:
    year: int
    scarecrow: str
    family: str
    votes: int


def read_votes(path):
    with open(path, newline="", encoding="utf-8") as f:
        return [Entry(int(r["year"]), r["scarecrow"].strip(), r["family"].strip(), int(r["votes"]))
                for r in csv.DictReader(f)]


def placings(entries, year):
    """[(place, entry)] for one year: most votes first, ties by scarecrow name."""
    ranked = sorted((e for e in entries if e.year == year), key=lambda e: (-e.votes, e.scarecrow))
    return list(enumerate(ranked, 1))


def years(entries):
    return sorted({e.year for e in entries})
