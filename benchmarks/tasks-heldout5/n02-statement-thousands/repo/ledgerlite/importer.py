"""Read a statement CSV into Transaction tuples."""
import csv
from collections import namedtuple
from decimal import Decimal

from ledgerlite.parse import parse_amount, parse_date

Transaction = namedtuple("Transaction", "date description amount")


def read_statement(path):
    """All rows of the statement at `path`, oldest first."""
    with open(path, newline="", encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
    txns = [
        Transaction(parse_date(r["Date"]), r["Description"].strip(), parse_amount(r["Amount"]))
        for r in rows
        if r.get("Amount", "").strip()
    ]
    return sorted(txns, key=lambda t: t.date)


def totals(transactions):
    """(money_in, money_out, net) as Decimals; money_out is positive."""
    money_in = sum((t.amount for t in transactions if t.amount > 0), Decimal("0"))
    money_out = -sum((t.amount for t in transactions if t.amount < 0), Decimal("0"))
    return money_in, money_out, money_in - money_out
