"""Reading the expenses CSV."""

import csv
from collections import namedtuple

Expense = namedtuple("Expense", "date category cents note")


def parse_amount(text):
    """"12.5" / "12.50" / "12" -> cents as an int."""
    whole, _, frac = text.strip().partition(".")
    if not whole.isdigit() or (frac and not frac.isdigit()) or len(frac) > 2:
        raise ValueError("bad amount: %r" % (text,))
    return int(whole) * 100 + int((frac + "00")[:2])


def load_expenses(path):
    """All rows of the CSV at `path` as Expense tuples, in file order."""
    with open(path, newline="", encoding="utf-8") as fh:
        return [Expense(row["date"].strip(), row["category"].strip().lower(),
                        parse_amount(row["amount"]), row.get("note") or "")
                for row in csv.DictReader(fh)]
