"""The society's price catalogue.

catalogue.csv has one row per stamp: number, country, year, description,
mint and used, the last two being catalogue values in pence.
"""
import csv
from dataclasses import dataclass

CONDITIONS = ("mint", "used", "damaged")
DAMAGED_SHARE = 5   # a damaged stamp is worth a fifth of its used value...
DAMAGED_MIN = 5     # ...but never less than 5p


@dataclass
class Stamp:
    number: str
    country: str
    year: int
    description: str
    mint: int
    used: int


def read_catalogue(path):
    """{stamp number: Stamp}, numbers in upper case."""
    out = {}
    with open(path, newline="", encoding="utf-8") as f:
        for row in csv.DictReader(f):
            number = row["number"].strip().upper()
            out[number] = Stamp(number, row["country"], int(row["year"]), row["description"],
                                int(row["mint"]), int(row["used"]))
    return out


def value_of(catalogue, stamp_number, condition="mint"):
    """Catalogue value in pence of one stamp in the given condition (mint,
    used or damaged). KeyError for a number not in the catalogue, ValueError
    for an unknown condition."""
    if condition not in CONDITIONS:
        raise ValueError("condition must be one of %s" % ", ".join(CONDITIONS))
    stamp = catalogue[stamp_number.strip().upper()]
    if condition == "mint":
        return stamp.mint
    if condition == "used":
        return stamp.used
    return max(DAMAGED_MIN, stamp.used // DAMAGED_SHARE)
