"""Loading and searching the stock list."""

import csv
from dataclasses import dataclass

from .barcode import clean, is_valid_ean13


@dataclass
class Record:
    barcode: str
    artist: str
    title: str
    price_cents: int
    qty: int


def load_stock(lines):
    stock = {}
    for row in csv.DictReader(lines):
        if not is_valid_ean13(row["barcode"]):
            raise ValueError("bad barcode %r for %s" % (row["barcode"], row["title"]))
        code = clean(row["barcode"])
        stock[code] = Record(code, row["artist"], row["title"],
                             int(row["price_cents"]), int(row["qty"]))
    return stock


def find(stock, code):
    return stock.get(clean(code))


def stock_value(stock):
    return sum(r.price_cents * r.qty for r in stock.values())
