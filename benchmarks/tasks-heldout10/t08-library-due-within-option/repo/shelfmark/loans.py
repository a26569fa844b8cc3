"""Loan records."""
import csv
from collections import namedtuple
from datetime import date
from pathlib import Path

DEFAULT_FILE = Path(__file__).with_name("loans.csv")

Loan = namedtuple("Loan", "loan member title due")


def load_loans(path=None):
    with open(path or DEFAULT_FILE, newline="", encoding="utf-8") as fh:
        return [Loan(r["loan"], r["member"], r["title"], date.fromisoformat(r["due"]))
                for r in csv.DictReader(fh)]


def days_left(loan, today):
    """Days until `loan` is due (negative when overdue)."""
    return (loan.due - today).days


def describe(loan, today):
    left = days_left(loan, today)
    if left < 0:
        when = "overdue by %d days" % -left
    elif left == 0:
        when = "due today"
    else:
        when = "due in %d days" % left
    return "%s  %-22s %s  %s" % (loan.loan, loan.title, loan.member, when)
