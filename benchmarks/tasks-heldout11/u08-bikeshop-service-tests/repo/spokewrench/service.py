"""When a customer's bike is next due for a service."""

from datetime import date

_DAYS = (31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)


def is_leap(year):
    return year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)


def days_in_month(year, month):
    if month == 2 and is_leap(year):
        return 29
    return _DAYS[month - 1]


def next_service_date(last, months):
    """The date `months` months after `last`.

    If that month is too short for the day (Jan 31 + 1 month), the last
    day of the month is used instead. `months` must be at least 1.
    """
    if months < 1:
        raise ValueError("service interval must be at least one month, got %r" % (months,))
    index = last.month - 1 + months
    year, month = last.year + index // 12, index % 12 + 1
    day = min(last.day, days_in_month(year, month))
    return date(year, month, day)


def is_due(last, months, today):
    """Has the bike reached its next service date by `today`?"""
    return today >= next_service_date(last, months)
