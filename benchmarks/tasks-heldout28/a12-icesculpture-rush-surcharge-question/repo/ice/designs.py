"""The design book, kept in designs.csv: design, blocks, carving hours."""
import csv
from dataclasses import dataclass


@dataclass(frozen=True)
class Design:
    name: str
    blocks: int
    hours: float


def load_designs(path="designs.csv"):
    with open(path, newline="", encoding="utf-8") as f:
        return {r["design"].strip().lower(): Design(r["design"].strip(), int(r["blocks"]), float(r["hours"]))
                for r in csv.DictReader(f)}


def find_design(designs, name):
    try:
        return designs[name.strip().lower()]
    except KeyError:
        raise LookupError("no design called %r in the design book" % name) from None
