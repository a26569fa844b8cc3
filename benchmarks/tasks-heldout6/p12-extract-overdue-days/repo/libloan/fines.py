"""Fines for late returns."""
from libloan.loans import CLOSED_WEEKDAYS, GRACE_DAYS, overdue_days

DAILY_FINE = {"book": 0.30, "magazine": 0.30, "dvd": 1.00}
MAX_FINE = 10.00


def fine_for(loan, returned):
    days = overdue_days(loan.due, returned, GRACE_DAYS, CLOSED_WEEKDAYS)
    return round(min(days * DAILY_FINE[loan.kind], MAX_FINE), 2)
