"""pits.csv: site,side_cm,depth_cm, one square sandpit a line."""
import csv
from collections import namedtuple

Pit = namedtuple("Pit", "site side depth")


def load_pits(path):
    with open(path, newline="", encoding="utf-8") as f:
        return [Pit(r["site"].strip(), int(r["side_cm"]), int(r["depth_cm"])) for r in csv.DictReader(f)]
