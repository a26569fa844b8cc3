"""Race entries, from entries.csv: number, name, category, club."""
import csv
from dataclasses import dataclass

CATEGORIES = ["MO", "M40", "M50", "M60", "FO", "F40", "F50", "F60"]


@dataclass(frozen=True)
class Runner:
    number: int
    name: str
    category: str


def load_entries(path):
    """{race number: Runner}."""
    runners = {}
    with open(path, newline="", encoding="utf-8") as f:
        for row in csv.DictReader(f):
            category = row["category"].strip().upper()
            if category not in CATEGORIES:
                raise ValueError("bib %s: unknown category %r" % (row["number"], category))
            runner = Runner(int(row["number"]), row["name"].strip(), category)
            runners[runner.number] = runner
    return runners
