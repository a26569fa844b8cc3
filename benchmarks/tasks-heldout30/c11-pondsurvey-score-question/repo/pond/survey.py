"""Reading a survey: date,pond,species,count,confirmed."""
import csv
from collections import namedtuple

Record = namedtuple("Record", "date pond species count confirmed")


def load_survey(path):
    out = []
    with open(path, newline="", encoding="utf-8") as f:
        for r in csv.DictReader(f):
            out.append(Record(r["date"].strip(), r["pond"].strip(), r["species"].strip(),
                              int(r["count"]), r["confirmed"].strip().lower() in ("yes", "y", "true")))
    return out
