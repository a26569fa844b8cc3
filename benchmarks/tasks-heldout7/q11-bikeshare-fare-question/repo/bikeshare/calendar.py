"""Which days count as peak days."""
from datetime import date

PUBLIC_HOLIDAYS = {"01-01", "05-01", "12-25", "12-26"}


def _as_date(day):
    return date.fromisoformat(day) if isinstance(day, str) else day


def is_peak_day(day):
    """Weekends and public holidays are peak days."""
    day = _as_date(day)
    return day.weekday() >= 5 or day.strftime("%m-%d") in PUBLIC_HOLIDAYS
