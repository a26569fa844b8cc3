"""Read the catch log: date, site, species, ring, wing_mm, weight_g."""
import csv
from dataclasses import dataclass


@dataclass
class Catch:
    date: str
    site: str
    species: str
    ring: str
    wing_mm: float
    weight_g: float


def load_catches(path):
    with open(path, newline="", encoding="utf-8") as f:
        return [Catch(r["date"], r["site"].strip(), r["species"].strip(), r["ring"].strip(),
                      float(r["wing_mm"]), float(r["weight_g"])) for r in csv.DictReader(f)]


def at_site(catches, site):
    return [c for c in catches if c.site == site]
