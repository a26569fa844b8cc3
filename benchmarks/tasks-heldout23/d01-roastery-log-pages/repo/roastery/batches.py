"""Reading the roast log.

Every roast is one row of a CSV file:
date,batch,bean,roast,green_kg,roasted_kg
where batch is the roaster's running batch number and the weights are the
green coffee that went in and the roasted coffee that came out.
"""
import csv
from collections import namedtuple
from datetime import date

Batch = namedtuple("Batch", "date number bean roast green_kg roasted_kg")

ROASTS = ("light", "medium", "dark")


def parse_row(row):
    roast = row["roast"].strip().lower()
    if roast not in ROASTS:
        raise ValueError("batch %s: unknown roast %r" % (row["batch"], row["roast"]))
    green = float(row["green_kg"])
    roasted = float(row["roasted_kg"])
    if green <= 0 or roasted <= 0:
        raise ValueError("batch %s: weights must be positive" % row["batch"])
    if roasted > green:
        raise ValueError("batch %s: came out heavier than it went in" % row["batch"])
    return Batch(date.fromisoformat(row["date"].strip()), int(row["batch"]), row["bean"].strip(),
                 roast, green, roasted)


def read_batches(lines):
    """Batches from an iterable of CSV lines (header first); blank rows skipped."""
    out = []
    for row in csv.DictReader(lines):
        if not (row.get("batch") or "").strip():
            continue
        out.append(parse_row(row))
    return out


def load_log(path):
    with open(path, newline="", encoding="utf-8") as f:
        return read_batches(f)


def weight_loss(batch):
    """Percentage of weight lost in the roaster."""
    return 100.0 * (batch.green_kg - batch.roasted_kg) / batch.green_kg


def total_roasted(batches):
    return round(sum(b.roasted_kg for b in batches), 2)
