"""Song requests, one a line in requests.csv."""
import csv
from dataclasses import dataclass


@dataclass(frozen=True)
class Request:
    night: str
    title: str
    artist: str
    by: str


def load_requests(path):
    with open(path, newline="", encoding="utf-8") as f:
        return [Request(r["night"].strip(), r["title"].strip(), r["artist"].strip(), r["requested_by"].strip())
                for r in csv.DictReader(f)]


def counts(requests):
    """{(title, artist): times requested}, in the order each song first appears."""
    out = {}
    for r in requests:
        key = (r.title, r.artist)
        out[key] = out.get(key, 0) + 1
    return out
