"""Reading runs from a trial CSV file."""

import csv
from dataclasses import dataclass

PHASES = {"outrun": 20, "lift": 10, "fetch": 20, "drive": 30, "shed": 10, "pen": 10}
CLASSES = ("open", "novice")


@dataclass
class Run:
    handler: str
    dog: str
    klass: str
    points: dict
    retired: bool = False

    @property
    def total(self):
        return sum(self.points.values())

    @property
    def outwork(self):
        return self.points["outrun"] + self.points["lift"] + self.points["fetch"]


def run_from_row(row):
    klass = row["class"].strip().lower()
    if klass not in CLASSES:
        raise ValueError("unknown class %r" % row["class"])
    points = {}
    for phase, most in PHASES.items():
        value = int(row[phase])
        if not 0 <= value <= most:
            raise ValueError("%s: %s must be 0-%d" % (row["dog"], phase, most))
        points[phase] = value
    retired = row.get("retired", "no").strip().lower() in ("yes", "y", "true", "1")
    return Run(row["handler"].strip(), row["dog"].strip(), klass, points, retired)


def load_runs(path):
    with open(path, newline="", encoding="utf-8") as fh:
        return [run_from_row(row) for row in csv.DictReader(fh)]
