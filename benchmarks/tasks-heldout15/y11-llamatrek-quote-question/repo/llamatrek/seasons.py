"""Peak and off-peak days."""
from datetime import date

# School holidays (first and last day), when every day is a peak day.
SCHOOL_HOLIDAYS = [
    (date(2025, 4, 5), date(2025, 4, 21)),
    (date(2025, 5, 24), date(2025, 6, 1)),
    (date(2025, 7, 23), date(2025, 9, 2)),
    (date(2025, 10, 25), date(2025, 11, 2)),
]


def in_school_holidays(day):
    return any(first <= day <= last for first, last in SCHOOL_HOLIDAYS)


def is_peak(day):
    """Saturdays, Sundays and every day of the school holidays."""
    return day.weekday() >= 5 or in_school_holidays(day)
