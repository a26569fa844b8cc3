"""Sightings stored as JSON lines."""

import json
import os


def append(path, record):
    with open(path, "a", encoding="utf-8") as fh:
        fh.write(json.dumps(record, sort_keys=True) + "\n")


def read_all(path):
    if not os.path.exists(path):
        return []
    with open(path, encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


def totals(records, date_from=None, date_to=None, site=None):
    """{species: count} for records within the dates (inclusive) and site."""
    out = {}
    for r in records:
        if date_from and r["date"] < date_from:
            continue
        if date_to and r["date"] > date_to:
            continue
        if site and r.get("site") != site:
            continue
        out[r["species"]] = out.get(r["species"], 0) + r["count"]
    return out
