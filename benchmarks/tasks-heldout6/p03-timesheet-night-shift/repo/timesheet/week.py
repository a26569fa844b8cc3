"""Load clock-in entries and total them per employee."""
import csv
from collections import namedtuple

from timesheet.clock import shift_minutes

Entry = namedtuple("Entry", "date employee start end break_minutes")


def load_entries(path):
    entries = []
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            entries.append(Entry(
                date=row["date"].strip(),
                employee=row["employee"].strip(),
                start=row["start"].strip(),
                end=row["end"].strip(),
                break_minutes=int(row.get("break") or 0),
            ))
    return entries


def hours_by_employee(entries):
    """{employee: hours} with hours rounded to two decimals."""
    minutes = {}
    for e in entries:
        worked = shift_minutes(e.start, e.end, e.break_minutes)
        minutes[e.employee] = minutes.get(e.employee, 0) + worked
    return {name: round(total / 60.0, 2) for name, total in minutes.items()}
