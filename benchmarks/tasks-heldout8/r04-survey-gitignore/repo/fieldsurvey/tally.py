"""Read survey sheets and add up the counts."""

import csv
from collections import Counter


def read_sheet(path):
    """Rows of a survey CSV as dicts with an int `count`."""
    with open(path, newline="", encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
    for row in rows:
        row["count"] = int(row["count"])
    return rows


def species_totals(rows):
    totals = Counter()
    for row in rows:
        totals[row["species"]] += row["count"]
    return dict(totals)


def site_totals(rows):
    totals = Counter()
    for row in rows:
        totals[row["site"]] += row["count"]
    return dict(totals)
