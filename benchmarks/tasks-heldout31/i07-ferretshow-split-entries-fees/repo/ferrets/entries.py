"""Show entries: owner,ferret,class,junior (junior is yes for a junior handler)."""
import csv
from collections import namedtuple

Entry = namedtuple("Entry", "owner ferret show_class junior")

FIRST_PENCE = 300  # the first ferret an owner enters
MORE_PENCE = 200  # each ferret after that


def entries_and_fees(path):
    """Read the entries, and work out what each owner pays: {owner: pence}.
    Junior handlers enter free."""
    entries = []
    with open(path, newline="", encoding="utf-8") as f:
        for r in csv.DictReader(f):
            entries.append(Entry(r["owner"].strip(), r["ferret"].strip(), r["class"].strip().title(),
                                 r.get("junior", "").strip().lower() == "yes"))
    fees = {}
    for e in entries:
        if e.junior:
            fees.setdefault(e.owner, 0)
        elif e.owner in fees and fees[e.owner] > 0:
            fees[e.owner] += MORE_PENCE
        else:
            fees[e.owner] = fees.get(e.owner, 0) + FIRST_PENCE
    return entries, fees
