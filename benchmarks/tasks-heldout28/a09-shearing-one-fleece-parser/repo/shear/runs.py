"""Shearing runs, one a line in runs.csv: date, shearer, flock, sheep, fleece."""
import csv
from dataclasses import dataclass


@dataclass
class Run:
    day: str
    shearer: str
    flock: str
    sheep: int
    fleece: str  # total fleece weight of the run as written, e.g. "96.5kg" or "210 lb"


def load_runs(path):
    with open(path, newline="", encoding="utf-8") as f:
        return [Run(r["date"].strip(), r["shearer"].strip(), r["flock"].strip(), int(r["sheep"]), r["fleece"].strip())
                for r in csv.DictReader(f)]


def flocks(runs):
    """The flocks shorn, A to Z."""
    return sorted({run.flock for run in runs})
