"""Harvest records and season totals."""
import csv
from dataclasses import dataclass
from datetime import date

from apiary.season import in_season


@dataclass(frozen=True)
class Harvest:
    hive: str
    day: date
    kg: float


def parse_rows(lines):
    """Harvests from CSV lines with a `hive,date,kg` header."""
    out = []
    for row in csv.DictReader(lines):
        out.append(Harvest(row["hive"].strip(),
                           date.fromisoformat(row["date"].strip()),
                           float(row["kg"])))
    return out


def load(path):
    with open(path, newline="", encoding="utf-8") as fh:
        return parse_rows(fh)


def season_harvests(harvests, year):
    """The harvests that count for the season of `year`."""
    return [h for h in harvests if h.day.year == year and in_season(h.day)]


def totals_by_hive(harvests, year):
    """{hive: kg} for the season of `year`."""
    totals = {}
    for h in season_harvests(harvests, year):
        totals[h.hive] = round(totals.get(h.hive, 0.0) + h.kg, 2)
    return totals


def season_total(harvests, year):
    return round(sum(h.kg for h in season_harvests(harvests, year)), 2)
