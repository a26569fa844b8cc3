"""Batches of kombucha and when they are ready.

The batch log is a CSV file with the columns name, tea, started and
first_days: the day the first fermentation began and how many days it
runs. After it, the batch is bottled for the second fermentation, which
takes SECOND_DAYS more days.
"""
import csv
from dataclasses import dataclass
from datetime import date, timedelta

SECOND_DAYS = 3
TEAS = ("black", "green", "oolong", "white")


@dataclass
class Batch:
    name: str
    tea: str
    started: date
    first_days: int


def parse_row(row):
    tea = row["tea"].strip().lower()
    if tea not in TEAS:
        raise ValueError("unknown tea %r for %s" % (row["tea"], row["name"]))
    days = int(row["first_days"])
    if not 5 <= days <= 21:
        raise ValueError("first fermentation of %d days for %s" % (days, row["name"]))
    return Batch(row["name"].strip(), tea, date.fromisoformat(row["started"].strip()), days)


def read_batches(path):
    with open(path, newline="", encoding="utf-8") as f:
        return [parse_row(row) for row in csv.DictReader(f)]


def bottle_on(batch):
    """The day the batch is bottled (end of the first fermentation)."""
    return batch.started + timedelta(days=batch.first_days)


def ready_on(batch):
    """The day the batch can be sold."""
    return bottle_on(batch) + timedelta(days=SECOND_DAYS)


def stage(batch, today):
    """'brewing', 'bottled' or 'ready' on the given day."""
    if today < bottle_on(batch):
        return "brewing"
    if today < ready_on(batch):
        return "bottled"
    return "ready"
