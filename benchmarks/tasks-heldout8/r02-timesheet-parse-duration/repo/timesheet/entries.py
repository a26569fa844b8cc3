"""Reading time entries from CSV."""

import csv
from collections import OrderedDict, namedtuple

Entry = namedtuple("Entry", "date client minutes note")


def load_entries(lines):
    """Parse CSV lines (with a header row) into Entry tuples."""
    entries = []
    for row in csv.DictReader(lines):
        entries.append(Entry(row["date"], row["client"].strip(),
                             int(row["minutes"]), row.get("note", "")))
    return entries


def totals_by_client(entries):
    """Total minutes per client, in order of first appearance."""
    totals = OrderedDict()
    for entry in entries:
        totals[entry.client] = totals.get(entry.client, 0) + entry.minutes
    return totals
