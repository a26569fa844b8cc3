"""Read the week's batches from a CSV file (fish, kg, brine_percent, day)."""
import csv
from dataclasses import dataclass


@dataclass
class Batch:
    fish: str
    kg: float
    percent: float
    day: str


def load_batches(path):
    with open(path, newline="", encoding="utf-8") as f:
        return [Batch(row["fish"].strip(), float(row["kg"]), float(row["brine_percent"]), row["day"].strip())
                for row in csv.DictReader(f)]
