"""When a piano is next due for tuning."""
import calendar
from datetime import timedelta

INTERVAL_DAYS = {"home": 365, "school": 182, "concert": 30}


def interval(use):
    """Days between tunings for a piano used as `use`."""
    try:
        return INTERVAL_DAYS[use]
    except KeyError:
        raise ValueError("unknown use: %r" % (use,))


def next_tuning(last, use):
    """Date the piano is next due, given the date it was last tuned."""
    return last + timedelta(days=interval(use))


def days_overdue(last, use, today):
    """Days past the due date (0 or negative when not yet due)."""
    return (today - next_tuning(last, use)).days


def due_month_label(last, use):
    """'March 2026' style label for the month the piano is next due."""
    nxt = next_tuning(last, use)
    return "%s %d" % (calendar.month_name[nxt.month], nxt.year)


def is_due(last, use, today):
    """True when the piano is due on or before `today`."""
    return days_overdue(last, use, today) >= 0
