"""Overdue fines."""
from .dates import days_late, due_date, parse_date
from .policy import DAILY_FINE, GRACE_DAYS, MAX_FINE


def _as_date(value):
    return parse_date(value) if isinstance(value, str) else value


def fine_for(kind, borrowed, returned):
    """Fine for one item; dates may be `date` objects or ISO strings."""
    borrowed, returned = _as_date(borrowed), _as_date(returned)
    late = days_late(due_date(kind, borrowed), returned)
    if late < GRACE_DAYS:
        return 0.0
    return round(min(late * DAILY_FINE[kind], MAX_FINE), 2)


def total_fines(loans):
    """Sum of fines over (kind, borrowed, returned) tuples."""
    return round(sum(fine_for(*loan) for loan in loans), 2)
