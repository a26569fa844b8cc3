"""skeins.csv: colour,grams,base (one skein a line, grams of dry yarn)."""
import csv
from dataclasses import dataclass


@dataclass
class Skein:
    colour: str
    wt: int  # grams of dry yarn
    base: str


def load_skeins(path):
    with open(path, newline="", encoding="utf-8") as f:
        return [Skein(r["colour"].strip().lower(), int(r["grams"]), r["base"].strip().lower())
                for r in csv.DictReader(f)]
