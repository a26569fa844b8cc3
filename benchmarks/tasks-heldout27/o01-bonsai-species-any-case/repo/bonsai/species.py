"""The species table: how often each kind of tree wants water and a new pot."""
import csv
from dataclasses import dataclass
from pathlib import Path

DATA = Path(__file__).resolve().parent.parent / "species.csv"


@dataclass
class Species:
    name: str
    water_days: int
    repot_years: int
    hardy: bool


def load_species(path=DATA):
    """Every row of the species file, in file order."""
    with open(path, newline="", encoding="utf-8") as f:
        return [Species(row["name"], int(row["water_days"]), int(row["repot_years"]),
                        row["hardy"].strip() == "yes")
                for row in csv.DictReader(f)]


def find_species(name, table=None):
    """The Species called `name`; KeyError if the table has none."""
    table = load_species() if table is None else table
    for sp in table:
        if sp.name == name:
            return sp
    raise KeyError("unknown species: %s" % name)
