"""Reading the finds register: finds.csv has ref, object, material,
period, farm and found (YYYY-MM-DD)."""
import csv
import datetime
from dataclasses import dataclass

PERIODS = [
    "Bronze Age",
    "Iron Age",
    "Roman",
    "Early Medieval",
    "Medieval",
    "Post-Medieval",
    "Modern",
]


@dataclass
class Find:
    ref: str
    object: str
    material: str
    period: str
    farm: str
    found: datetime.date


def read_finds(path):
    """The finds in the register; ValueError for a period not in PERIODS."""
    finds = []
    with open(path, newline="", encoding="utf-8") as f:
        for row in csv.DictReader(f):
            period = row["period"].strip()
            if period not in PERIODS:
                raise ValueError("%s: unknown period %r" % (row["ref"], period))
            finds.append(Find(row["ref"].strip(), row["object"].strip(), row["material"].strip().lower(),
                              period, row["farm"].strip(), datetime.date.fromisoformat(row["found"].strip())))
    return finds
