"""python -m pyo.calendar YYYY-MM [--closures FILE]: the open days of a month."""
import argparse
import calendar as cal
from datetime import date

from pyo.closures import load_closures
from pyo.days import open_days


def main(argv=None):
    ap = argparse.ArgumentParser(prog="pyo.calendar")
    ap.add_argument("month")
    ap.add_argument("--closures")
    args = ap.parse_args(argv)
    year, month = (int(x) for x in args.month.split("-"))
    first, last = date(year, month, 1), date(year, month, cal.monthrange(year, month)[1])
    days = open_days(first, last, load_closures(args.closures))
    for d in days:
        print(d.strftime("%a %d %b"))
    print("%d open days in %s" % (len(days), first.strftime("%B %Y")))


if __name__ == "__main__":
    main()
