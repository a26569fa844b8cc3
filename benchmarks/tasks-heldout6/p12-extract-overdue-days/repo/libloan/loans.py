"""Loans and their due dates."""
from datetime import timedelta

LOAN_DAYS = {"book": 21, "dvd": 7, "magazine": 14}
CLOSED_WEEKDAYS = (6,)  # Sunday
GRACE_DAYS = 2


def overdue_days(due, returned, grace_days=0, closed_weekdays=()):
    """Open days after `due` up to and including `returned`, minus a grace period."""
    if returned <= due:
        return 0
    count = 0
    day = due + timedelta(days=1)
    while day <= returned:
        if day.weekday() not in closed_weekdays:
            count += 1
        day += timedelta(days=1)
    return max(0, count - grace_days)


class Loan:
    def __init__(self, item, kind, borrowed):
        if kind not in LOAN_DAYS:
            raise ValueError("unknown kind %r" % (kind,))
        self.item = item
        self.kind = kind
        self.borrowed = borrowed

    @property
    def due(self):
        return self.borrowed + timedelta(days=LOAN_DAYS[self.kind])

    def days_overdue(self, on):
        return overdue_days(self.due, on, GRACE_DAYS, CLOSED_WEEKDAYS)

    def __repr__(self):
        return "Loan(%r, %r, %s)" % (self.item, self.kind, self.borrowed.isoformat())
