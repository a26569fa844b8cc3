"""The show schedule: every class with its section, judging time, entry fee
and entry limit, read from show_classes.csv.

    python -m showday.schedule                    # in judging order
    python -m showday.schedule --section junior
    python -m showday.schedule --at 14:00         # what is judged then
"""
import argparse
import csv
import sys
from collections import namedtuple
from datetime import time
from pathlib import Path

CLASSES = Path(__file__).resolve().parent.parent / "show_classes.csv"

ShowClass = namedtuple("ShowClass", "number section title judging fee_pence max_entries")


def _time(text):
    hours, minutes = text.strip().split(":")
    return time(int(hours), int(minutes))


def load_classes(path=CLASSES):
    out = []
    with open(path, newline="", encoding="utf-8") as f:
        for row in csv.DictReader(f):
            out.append(ShowClass(int(row["class"]), row["section"].strip(), row["title"].strip(),
                                 _time(row["judging"]), int(row["fee_pence"]), int(row["max_entries"])))
    numbers = [c.number for c in out]
    if len(set(numbers)) != len(numbers):
        raise ValueError("class numbers must be unique")
    return out


def fee(pence):
    return "free" if pence == 0 else "%dp" % pence if pence < 100 else "£%.2f" % (pence / 100)


def judging_order(classes):
    return sorted(classes, key=lambda c: (c.judging, c.number))


def describe(c):
    return "%s  %2d  %-30s %-10s %6s  (max %d)" % (c.judging.strftime("%H:%M"), c.number, c.title, c.section,
                                                    fee(c.fee_pence), c.max_entries)


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m showday.schedule")
    parser.add_argument("--section")
    parser.add_argument("--at", help="only classes judged at this time (HH:MM)")
    args = parser.parse_args(argv)
    classes = load_classes()
    if args.section:
        classes = [c for c in classes if c.section.lower() == args.section.lower()]
    if args.at:
        classes = [c for c in classes if c.judging == _time(args.at)]
    for c in judging_order(classes):
        print(describe(c))
    return 0


if __name__ == "__main__":
    sys.exit(main())
