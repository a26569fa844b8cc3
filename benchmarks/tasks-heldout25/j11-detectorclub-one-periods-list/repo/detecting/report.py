"""The club's finds report: counts by period, oldest first, and the finds
that may be treasure.

    python -m detecting.report FINDS [--farm NAME]
"""
import argparse
import sys

from detecting.finds import read_finds
from detecting.treasure import for_the_coroner

PERIODS = ("Bronze Age", "Iron Age", "Roman", "Early Medieval", "Medieval", "Post-Medieval", "Modern")


def by_period(finds):
    """[(period, count)] in period order, periods with no finds left out."""
    counts = [(p, sum(1 for f in finds if f.period == p)) for p in PERIODS]
    return [(p, n) for p, n in counts if n]


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m detecting.report")
    parser.add_argument("finds")
    parser.add_argument("--farm")
    args = parser.parse_args(argv)
    finds = read_finds(args.finds)
    if args.farm:
        finds = [f for f in finds if f.farm.lower() == args.farm.lower()]
    print("%d finds" % len(finds))
    for period, count in by_period(finds):
        print("  %-15s %3d" % (period, count))
    coroner = for_the_coroner(finds)
    print("May be treasure: %s" % (", ".join("%s (%s)" % (f.ref, f.object) for f in coroner) or "none"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
