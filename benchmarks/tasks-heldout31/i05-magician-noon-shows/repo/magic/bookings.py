"""bookings.csv: date,start,child,age,address,minutes (start is 24-hour HH:MM)."""
import csv
from collections import namedtuple

Show = namedtuple("Show", "date start child age address minutes")


def load_shows(path):
    with open(path, newline="", encoding="utf-8") as f:
        return [Show(r["date"].strip(), r["start"].strip(), r["child"].strip(), int(r["age"]),
                     r["address"].strip(), int(r["minutes"])) for r in csv.DictReader(f)]
