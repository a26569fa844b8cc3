"""A day's tally: picker,bunches (a picker may be on several rows)."""
import csv

PENCE_PER_BUNCH = 45


def load_tally(path):
    """{picker: bunches} for one day's file."""
    totals = {}
    with open(path, newline="", encoding="utf-8") as f:
        for r in csv.DictReader(f):
            name = r["picker"].strip()
            totals[name] = totals.get(name, 0) + int(r["bunches"])
    return totals


def pay_pence(bunches):
    return bunches * PENCE_PER_BUNCH
