"""Read the sales log: date, item, donor_id, donor, price_pence, giftaid (Y/N)."""
import csv
from dataclasses import dataclass


@dataclass
class Sale:
    date: str
    item: str
    donor_id: str
    donor: str
    price_pence: int
    giftaid: bool


def load_sales(path):
    with open(path, newline="", encoding="utf-8") as f:
        return [Sale(r["date"], r["item"], r["donor_id"].strip(), r["donor"].strip(),
                     int(r["price_pence"]), r["giftaid"].strip().upper() == "Y")
                for r in csv.DictReader(f)]


def donor_names(sales):
    return {s.donor_id: s.donor for s in sales}


def pounds(pence):
    return "£%d.%02d" % divmod(pence, 100)
