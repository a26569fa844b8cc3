"""Read the entries: number, make, model, year, owner."""
import csv
from dataclasses import dataclass


@dataclass
class Entry:
    number: int
    make: str
    model: str
    year: int
    owner: str


def load_entries(path):
    with open(path, newline="", encoding="utf-8") as f:
        return [Entry(int(r["number"]), r["make"].strip(), r["model"].strip(), int(r["year"]), r["owner"].strip())
                for r in csv.DictReader(f)]
