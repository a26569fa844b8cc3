"""Tin counts: each time a tin is emptied, the volunteers record its id, the
site it stands at, the day and the amount in pence.

counts.csv columns: tin,site,counted,pence
"""
import csv
from collections import namedtuple
from datetime import date

Count = namedtuple("Count", "tin site counted pence")


def read_counts(path):
    with open(path, newline="", encoding="utf-8") as f:
        rows = []
        for row in csv.DictReader(f):
            pence = int(row["pence"])
            if pence < 0:
                raise ValueError("%s: negative amount" % row["tin"])
            rows.append(Count(row["tin"].strip(), row["site"].strip(),
                              date.fromisoformat(row["counted"]), pence))
        return rows


def in_month(counts, month):
    """Counts made in `month`, given as 'YYYY-MM'."""
    year, mon = (int(x) for x in month.split("-"))
    return [c for c in counts if c.counted.year == year and c.counted.month == mon]


def totals_by_site(counts):
    """[(site, pence)] with the biggest total first (ties by site name)."""
    totals = {}
    for c in counts:
        totals[c.site] = totals.get(c.site, 0) + c.pence
    return sorted(totals.items(), key=lambda kv: (-kv[1], kv[0]))


def best_tin(counts):
    """The single count with the most money (the first one if tied)."""
    best = None
    for c in counts:
        if best is None or c.pence > best.pence:
            best = c
    return best
