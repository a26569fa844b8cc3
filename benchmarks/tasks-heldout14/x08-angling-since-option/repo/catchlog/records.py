"""Reading catches from the CSV log (date,species,weight_kg,water)."""
import csv
import datetime
from collections import namedtuple

Catch = namedtuple("Catch", "date species weight_kg water")


def read_catches(path):
    """Catches in file order; dates as datetime.date, weights as float."""
    with open(path, newline="") as fh:
        return [Catch(datetime.date.fromisoformat(row["date"]), row["species"].strip(),
                      float(row["weight_kg"]), row["water"].strip())
                for row in csv.DictReader(fh)]


def heaviest(catches, species=None):
    """The heaviest catch, optionally of one species, or None."""
    pool = [c for c in catches if species is None or c.species.lower() == species.lower()]
    return max(pool, key=lambda c: c.weight_kg) if pool else None


def format_catch(c):
    return "%s  %-8s %6.2f kg  %s" % (c.date.isoformat(), c.species, c.weight_kg, c.water)
