"""The weekly egg report.

    python -m henhouse.report EGGS --week YYYY-MM-DD

The week runs Monday to Sunday and is the one holding the given day.
"""
import argparse
import datetime
import sys

from henhouse.eggs import missing_days, read_log
from henhouse.flock import FLOCK, names


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m henhouse.report")
    parser.add_argument("log")
    parser.add_argument("--week", required=True, type=datetime.date.fromisoformat)
    args = parser.parse_args(argv)
    monday = args.week - datetime.timedelta(days=args.week.weekday())
    sunday = monday + datetime.timedelta(days=6)
    counts = {k: v for k, v in read_log(args.log, FLOCK).items() if monday <= k[0] <= sunday}
    missing_days(counts, monday, sunday)
    print("Eggs for the week of %s" % monday.isoformat())
    for hen in names():
        laid = sum(v for (day, h), v in counts.items() if h == hen)
        print("  %-9s %-20s %2d" % (hen, FLOCK[hen], laid))
    print("  Total %d eggs, %.1f a day" % (sum(counts.values()), sum(counts.values()) / 7))
    return 0


if __name__ == "__main__":
    sys.exit(main())
