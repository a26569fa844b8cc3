"""Summaries over transactions."""
from collections import defaultdict
from decimal import Decimal


def balance(transactions):
    return sum((t.amount for t in transactions), Decimal("0"))


def by_payee(transactions):
    totals = defaultdict(lambda: Decimal("0"))
    for t in transactions:
        totals[t.payee] += t.amount
    return dict(totals)
