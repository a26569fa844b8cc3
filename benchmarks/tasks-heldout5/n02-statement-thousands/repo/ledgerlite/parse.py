"""Parsing of the individual fields in a bank statement row."""
import datetime
from decimal import Decimal


def parse_date(text):
    """'31/01/2026' -> datetime.date(2026, 1, 31)."""
    return datetime.datetime.strptime(text.strip(), "%d/%m/%Y").date()


def parse_amount(text):
    """'-12.50', '$12.50', '(12.50)', '12.50 DR', '12.50 CR' -> Decimal.

    Debits come back negative, credits positive.
    """
    s = text.strip().replace("$", "")
    negative = False
    if s.startswith("(") and s.endswith(")"):
        negative, s = True, s[1:-1].strip()
    if s.upper().endswith(" DR"):
        negative, s = True, s[:-3].strip()
    elif s.upper().endswith(" CR"):
        s = s[:-3].strip()
    value = Decimal(s)
    return -value if negative else value
