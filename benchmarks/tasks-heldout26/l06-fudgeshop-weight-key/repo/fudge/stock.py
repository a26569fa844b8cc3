"""The fudge counter's stock.

stock.csv has one row per tray: flavour, weight in grams, price per 100 g
in pence, and made (YYYY-MM-DD). Fudge sells for 21 days after it is made.
"""
import csv
from dataclasses import dataclass
from datetime import date, timedelta

SHELF_DAYS = 21


@dataclass
class Tray:
    flavour: str
    grams: int
    per_100g: int
    made: date

    @property
    def sell_by(self):
        return self.made + timedelta(days=SHELF_DAYS)

    @property
    def value(self):
        """Pence the whole tray sells for, rounded to the penny."""
        return round(self.grams * self.per_100g / 100)


def read_stock(path):
    with open(path, newline="", encoding="utf-8") as f:
        return [Tray(r["flavour"].strip(), int(r["grams"]), int(r["per_100g"]), date.fromisoformat(r["made"].strip()))
                for r in csv.DictReader(f)]
