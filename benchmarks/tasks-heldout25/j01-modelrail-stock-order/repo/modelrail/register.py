"""Reading the club's rolling stock register (a CSV file).

Columns: number, name, kind, livery, owner. The kind is one of KINDS.
"""
import csv
from dataclasses import dataclass

KINDS = ("loco", "coach", "wagon")


@dataclass
class Vehicle:
    number: str
    name: str
    kind: str
    livery: str
    owner: str


def read_stock(path):
    """The vehicles in the register, in file order; ValueError for an
    unknown kind."""
    vehicles = []
    with open(path, newline="", encoding="utf-8") as f:
        for n, row in enumerate(csv.DictReader(f), start=2):
            kind = row["kind"].strip()
            if kind not in KINDS:
                raise ValueError("line %d: unknown kind %r" % (n, kind))
            vehicles.append(Vehicle(row["number"].strip(), row["name"].strip(), kind,
                                    row["livery"].strip(), row["owner"].strip()))
    return vehicles


def owned_by(vehicles, owner):
    """The vehicles belonging to one member (any case)."""
    return [v for v in vehicles if v.owner.lower() == owner.lower()]
