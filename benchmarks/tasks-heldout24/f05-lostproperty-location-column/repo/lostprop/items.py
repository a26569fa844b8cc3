"""Items handed in to the lost property desk, kept in a CSV log."""
import csv
from dataclasses import dataclass
from datetime import date

FIELDS = ["ref", "found", "description", "where", "status"]
STATUSES = ("held", "claimed", "disposed")


@dataclass
class Item:
    ref: str
    found: date
    description: str
    where: str
    status: str = "held"


def next_ref(items, today):
    """References run LP-YYMMDD-NN, numbered per day from 01."""
    prefix = "LP-%s-" % today.strftime("%y%m%d")
    n = sum(1 for i in items if i.ref.startswith(prefix))
    return "%s%02d" % (prefix, n + 1)


def read_log(path):
    items = []
    with open(path, newline="", encoding="utf-8") as f:
        for row in csv.DictReader(f):
            status = row["status"].strip() or "held"
            if status not in STATUSES:
                raise ValueError("%s: unknown status %r" % (row["ref"], status))
            items.append(Item(row["ref"], date.fromisoformat(row["found"]),
                              row["description"], row["where"], status))
    return items


def write_log(path, items):
    with open(path, "w", newline="", encoding="utf-8") as f:
        writer = csv.DictWriter(f, fieldnames=FIELDS)
        writer.writeheader()
        for i in items:
            writer.writerow({"ref": i.ref, "found": i.found.isoformat(),
                             "description": i.description, "where": i.where,
                             "status": i.status})


def still_held(items, older_than_days, today):
    """Items still held that were found more than `older_than_days` ago."""
    return [i for i in items if i.status == "held" and (today - i.found).days > older_than_days]
