"""Reading the release schedule and the customers' pull lists.

releases.csv: date,series,issue,publisher,price   (price in pence)
pulls.csv:    customer,series
"""
import csv
from collections import namedtuple
from datetime import date

Release = namedtuple("Release", "day series issue publisher price")
Pull = namedtuple("Pull", "customer series")


def _rows(path):
    with open(path, newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def read_releases(path):
    return [Release(date.fromisoformat(r["date"]), r["series"].strip(), int(r["issue"]),
                    r["publisher"].strip(), int(r["price"])) for r in _rows(path)]


def read_pulls(path):
    return [Pull(r["customer"].strip(), r["series"].strip()) for r in _rows(path)]


def week_of(day):
    """The Wednesday (new comic day) of the week holding `day`."""
    from datetime import timedelta
    return day + timedelta(days=2 - day.weekday())
