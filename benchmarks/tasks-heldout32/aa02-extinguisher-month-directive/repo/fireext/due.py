"""python -m fireext.due UNITS.csv [--today YYYY-MM-DD]: when each unit is next due."""
import argparse
from datetime import date

from fireext.dates import parse_day, show_day
from fireext.units import load_units, next_due


def main(argv=None):
    ap = argparse.ArgumentParser(prog="fireext.due")
    ap.add_argument("units")
    ap.add_argument("--today", type=parse_day, default=date.today())
    args = ap.parse_args(argv)
    late = 0
    for u in sorted(load_units(args.units), key=next_due):
        due = next_due(u)
        flag = "  OVERDUE" if due < args.today else ""
        late += bool(flag)
        print("%-5s %-16s %-7s last %s, due %s%s" % (u.unit, u.location, u.kind, show_day(u.last), show_day(due), flag))
    print("%d overdue on %s" % (late, show_day(args.today)))


if __name__ == "__main__":
    main()
