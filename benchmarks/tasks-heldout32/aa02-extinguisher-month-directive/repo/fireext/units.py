"""units.csv: unit,location,kind,last_service."""
import csv
from collections import namedtuple

from fireext.dates import add_years, parse_day

Unit = namedtuple("Unit", "unit location kind last")

EVERY_YEARS = {"WATER": 1, "FOAM": 1, "CO2": 1, "POWDER": 1, "BLANKET": 2}


def load_units(path):
    with open(path, newline="", encoding="utf-8") as f:
        return [Unit(r["unit"].strip(), r["location"].strip(), r["kind"].strip().upper(), parse_day(r["last_service"]))
                for r in csv.DictReader(f)]


def next_due(unit):
    return add_years(unit.last, EVERY_YEARS.get(unit.kind, 1))
