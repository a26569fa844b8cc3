"""items.csv: item,kind,donated,use_by (dates YYYY-MM-DD; use_by may be blank)."""
import csv
from collections import namedtuple
from datetime import date

Item = namedtuple("Item", "name kind donated use_by")


def _day(text):
    text = text.strip()
    return date.fromisoformat(text) if text else None


def load_items(path):
    with open(path, newline="", encoding="utf-8") as f:
        return [Item(r["item"].strip(), r["kind"].strip().lower(), _day(r["donated"]), _day(r["use_by"]))
                for r in csv.DictReader(f)]
