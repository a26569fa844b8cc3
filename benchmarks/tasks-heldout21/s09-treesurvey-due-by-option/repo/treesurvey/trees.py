"""The tree register and inspection dates."""
import csv
import io
from collections import namedtuple
from datetime import date, timedelta

INTERVAL_DAYS = {"high": 182, "medium": 365, "low": 730}

Tree = namedtuple("Tree", "tree_id species street ward height_m last_inspected risk")


def parse_register(text):
    trees = []
    for row in csv.DictReader(io.StringIO(text)):
        risk = row["risk"].strip().lower()
        if risk not in INTERVAL_DAYS:
            raise ValueError("tree %s: unknown risk %r" % (row["tree_id"], row["risk"]))
        trees.append(Tree(row["tree_id"].strip(), row["species"].strip(), row["street"].strip(),
                          row["ward"].strip(), float(row["height_m"]),
                          date.fromisoformat(row["last_inspected"].strip()), risk))
    return trees


def load(path):
    with open(path, encoding="utf-8", newline="") as fh:
        return parse_register(fh.read())


def next_inspection(tree):
    return tree.last_inspected + timedelta(days=INTERVAL_DAYS[tree.risk])


def in_ward(trees, ward):
    return [t for t in trees if t.ward.lower() == ward.strip().lower()]


def sort_trees(trees, key="id"):
    if key == "next":
        return sorted(trees, key=lambda t: (next_inspection(t), t.tree_id))
    return sorted(trees, key=lambda t: t.tree_id)
