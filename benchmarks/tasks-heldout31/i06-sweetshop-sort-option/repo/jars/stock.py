"""jars.csv: sweet,grams_left,pence_per_100g, in shelf order."""
import csv
from collections import namedtuple

Jar = namedtuple("Jar", "sweet grams pence")

REORDER_BELOW = 500  # grams


def load_jars(path):
    with open(path, newline="", encoding="utf-8") as f:
        return [Jar(r["sweet"].strip(), int(r["grams_left"]), int(r["pence_per_100g"])) for r in csv.DictReader(f)]


def needs_reorder(jar):
    return jar.grams < REORDER_BELOW
