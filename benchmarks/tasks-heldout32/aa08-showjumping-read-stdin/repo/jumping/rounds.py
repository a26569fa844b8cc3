"""A rounds file: rider,horse,faults,time (seconds), one round a line."""
import csv
from collections import namedtuple

Round = namedtuple("Round", "rider horse faults time")


def load_rounds(path):
    with open(path, newline="", encoding="utf-8") as f:
        return [Round(r["rider"].strip(), r["horse"].strip(), int(r["faults"]), float(r["time"]))
                for r in csv.DictReader(f)]


def ranked(rounds):
    """Fewest faults first, then the fastest."""
    return sorted(rounds, key=lambda r: (r.faults, r.time))
