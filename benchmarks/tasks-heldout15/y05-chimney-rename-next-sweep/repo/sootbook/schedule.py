"""When each chimney is next due a sweep."""
import calendar
from datetime import date

# Months between sweeps, by fuel.
SWEEP_MONTHS = {"wood": 6, "coal": 6, "oil": 12, "gas": 12}


def _add_months(day, months):
    """Same day of the month, `months` later (clamped to the month's end)."""
    month0 = day.month - 1 + months
    year, month = day.year + month0 // 12, month0 % 12 + 1
    last = calendar.monthrange(year, month)[1]
    return date(year, month, min(day.day, last))


def nxt_sweep(last, fuel):
    """Date the next sweep is due after a sweep on `last`."""
    try:
        months = SWEEP_MONTHS[fuel]
    except KeyError:
        raise ValueError("unknown fuel: %r" % (fuel,)) from None
    return _add_months(last, months)


def overdue(last, fuel, today):
    """Is this chimney past its due date?"""
    return nxt_sweep(last, fuel) < today
