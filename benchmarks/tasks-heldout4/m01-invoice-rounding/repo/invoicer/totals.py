"""Per-line arithmetic. Every result is an int number of cents."""
from decimal import Decimal


def _to_cents(amount):
    """Convert a Decimal amount of cents to a whole number of cents."""
    return int(amount)


def line_total_cents(item):
    raw = Decimal(item.unit_price_cents) * Decimal(item.quantity)
    return _to_cents(raw)


def tax_cents(item):
    raw = Decimal(line_total_cents(item)) * Decimal(item.tax_rate)
    return _to_cents(raw)
