"""The entry list, by class then entry number.

    python -m rally.listing entries.csv
"""
import argparse

from rally.classes import class_of, class_rank
from rally.entries import load_entries


def listing_lines(entries):
    lines = []
    current = None
    for e in sorted(entries, key=lambda e: (class_rank(e.year), e.number)):
        if class_of(e.year) != current:
            current = class_of(e.year)
            lines.append("== %s ==" % current)
        lines.append("%3d  %-16s %-14s %4d  %s" % (e.number, e.make, e.model, e.year, e.owner))
    if entries:
        lines.append("%d tractors, oldest %d" % (len(entries), min(e.year for e in entries)))
    else:
        lines.append("0 tractors")
    return lines


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m rally.listing")
    ap.add_argument("entries")
    args = ap.parse_args(argv)
    for line in listing_lines(load_entries(args.entries)):
        print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
