"""Date helpers for loans."""
from datetime import date, timedelta

from .policy import LOAN_DAYS


def parse_date(text):
    """Parse an ISO date string (YYYY-MM-DD)."""
    year, month, day = (int(part) for part in text.strip().split("-"))
    return date(year, month, day)


def due_date(kind, borrowed):
    """Date an item of `kind` borrowed on `borrowed` is due back."""
    if kind not in LOAN_DAYS:
        raise ValueError("unknown item kind: %r" % (kind,))
    return borrowed + timedelta(days=LOAN_DAYS[kind])


def days_late(due, returned):
    """Number of days after `due` the item came back (0 if on time)."""
    return max(0, (returned - due).days)
