"""Reading the inventory CSV."""

import csv

DEFAULT_FILE = "data/seeds.csv"


def load(path=DEFAULT_FILE):
    """List of dicts with variety, species, grams (float) and year (int)."""
    with open(path, newline="", encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
    return [{"variety": r["variety"].strip(),
             "species": r["species"].strip(),
             "grams": float(r["grams"]),
             "year": int(r["year"])} for r in rows]


def by_species(seeds, species):
    """Only the seeds of `species` (case-insensitive)."""
    wanted = species.strip().lower()
    return [s for s in seeds if s["species"].lower() == wanted]
