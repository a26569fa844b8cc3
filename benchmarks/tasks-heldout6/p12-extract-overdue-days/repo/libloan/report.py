"""Overdue report for the front desk."""
from libloan.fines import fine_for
from libloan.loans import CLOSED_WEEKDAYS, GRACE_DAYS, overdue_days


def overdue_report(loans, today):
    """Lines 'item: N days, fine X.XX', most overdue first."""
    rows = []
    for loan in loans:
        days = overdue_days(loan.due, today, GRACE_DAYS, CLOSED_WEEKDAYS)
        if days:
            rows.append((days, loan.item, fine_for(loan, today)))
    rows.sort(key=lambda r: (-r[0], r[1]))
    return ["%s: %d days, fine %.2f" % (item, days, fine) for days, item, fine in rows]
