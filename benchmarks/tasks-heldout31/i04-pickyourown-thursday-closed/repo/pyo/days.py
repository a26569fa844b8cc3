"""Which days the fields are open for picking."""
from datetime import timedelta

OPEN_DAYS = (4, 5, 6, 7)  # Thursday to Sunday (Monday is 1)


def is_open(day, closures=()):
    return day.weekday() in OPEN_DAYS and day not in closures


def open_days(first, last, closures=()):
    """Every open day from `first` to `last`, both included."""
    out, day = [], first
    while day <= last:
        if is_open(day, closures):
            out.append(day)
        day += timedelta(days=1)
    return out


def next_open(after, closures=()):
    """The first open day after `after` (None if none within a year)."""
    day = after + timedelta(days=1)
    for _ in range(366):
        if is_open(day, closures):
            return day
        day += timedelta(days=1)
    return None
