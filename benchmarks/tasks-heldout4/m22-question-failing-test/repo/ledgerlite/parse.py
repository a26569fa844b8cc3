import csv
from dataclasses import dataclass
from datetime import date
from decimal import Decimal, InvalidOperation


@dataclass
class Transaction:
    when: date
    description: str
    amount: Decimal


def parse_amount(text):
    """'1,234.56' -> Decimal('1234.56'); '-12.50' -> Decimal('-12.50')."""
    cleaned = text.strip().replace(",", "").replace("£", "").replace("$", "")
    try:
        return Decimal(cleaned)
    except InvalidOperation:
        raise ValueError("bad amount: %r" % text) from None


def read_statement(path):
    with open(path, newline="", encoding="utf-8") as fh:
        return [Transaction(date.fromisoformat(r["date"]), r["description"].strip(),
                            parse_amount(r["amount"]))
                for r in csv.DictReader(fh)]
