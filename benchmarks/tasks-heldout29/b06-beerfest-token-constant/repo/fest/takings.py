"""Takings per bar from the token counts: python -m fest.takings counts.csv

counts.csv has a row per bar and session with the tokens counted.
"""
import csv
import sys
from collections import defaultdict

TOKEN_PENCE = 250


def bar_takings(path):
    """{bar: pence}, bars A to Z."""
    tokens = defaultdict(int)
    with open(path, newline="", encoding="utf-8") as f:
        for r in csv.DictReader(f):
            tokens[r["bar"].strip()] += int(r["tokens"])
    return {bar: tokens[bar] * TOKEN_PENCE for bar in sorted(tokens)}


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    if len(argv) != 1:
        print("usage: python -m fest.takings COUNTS.csv", file=sys.stderr)
        return 2
    takings = bar_takings(argv[0])
    for bar, pence in takings.items():
        print("%-8s £%9.2f" % (bar, pence / 100))
    print("%-8s £%9.2f" % ("total", sum(takings.values()) / 100))
    return 0


if __name__ == "__main__":
    sys.exit(main())
