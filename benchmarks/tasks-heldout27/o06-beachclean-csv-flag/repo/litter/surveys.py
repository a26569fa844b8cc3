"""Beach clean records: one row per clean."""
import csv
from dataclasses import dataclass
from datetime import date


@dataclass
class Clean:
    beach: str
    day: date
    bags: int
    kg: float
    volunteers: int


def load_cleans(path):
    with open(path, newline="", encoding="utf-8") as f:
        return [Clean(r["beach"], date.fromisoformat(r["date"]), int(r["bags"]),
                      float(r["kg"]), int(r["volunteers"]))
                for r in csv.DictReader(f)]


def totals(cleans, since=None):
    """[(beach, bags, kg, volunteers)] summed per beach, heaviest first."""
    sums = {}
    for c in cleans:
        if since and c.day < since:
            continue
        b, k, v = sums.get(c.beach, (0, 0.0, 0))
        sums[c.beach] = (b + c.bags, k + c.kg, v + c.volunteers)
    rows = [(beach, b, round(k, 1), v) for beach, (b, k, v) in sums.items()]
    return sorted(rows, key=lambda r: (-r[2], r[0]))
