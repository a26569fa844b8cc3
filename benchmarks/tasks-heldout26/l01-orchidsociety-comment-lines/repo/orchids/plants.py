"""Reading the glasshouse plant list.

plants.csv has a header row and one row per plant: name, genus, pot_cm
(pot diameter in centimetres) and repotted (the date it was last
repotted, YYYY-MM-DD).
"""
import csv
from dataclasses import dataclass
from datetime import date


@dataclass
class Plant:
    name: str
    genus: str
    pot_cm: int
    repotted: date


def read_plants(path):
    """The plants in `path`, in file order."""
    plants = []
    with open(path, newline="", encoding="utf-8") as f:
        for row in csv.DictReader(f):
            plants.append(Plant(row["name"].strip(), row["genus"].strip(),
                                int(row["pot_cm"]), date.fromisoformat(row["repotted"].strip())))
    return plants


def by_genus(plants):
    """{genus: [plant names]} with the genera in alphabetical order."""
    out = {}
    for plant in sorted(plants, key=lambda p: p.genus):
        out.setdefault(plant.genus, []).append(plant.name)
    return out
