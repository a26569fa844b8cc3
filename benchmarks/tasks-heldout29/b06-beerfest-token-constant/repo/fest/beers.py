"""Read the beer list: bar, name, brewery, abv, pint_pence."""
import csv
from dataclasses import dataclass


@dataclass
class Beer:
    bar: str
    name: str
    brewery: str
    abv: float
    pint_pence: int


def load_beers(path):
    with open(path, newline="", encoding="utf-8") as f:
        return [Beer(r["bar"].strip(), r["name"].strip(), r["brewery"].strip(), float(r["abv"]), int(r["pint_pence"]))
                for r in csv.DictReader(f)]
