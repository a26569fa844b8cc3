"""Bookings in a date range, and the Saturdays still free.

    python -m morris.diary dances.csv --from 2025-05-01 --to 2025-05-31
"""
import argparse
from datetime import date, timedelta

from morris.dances import read_dances


def in_range(day, first, last):
    return first <= day < last


def between(dances, first, last):
    """The dances from `first` to `last`."""
    return [d for d in dances if in_range(d.day, first, last)]


def saturdays(first, last):
    """Every Saturday from `first` to `last`, both included."""
    day = first + timedelta(days=(5 - first.weekday()) % 7)
    out = []
    while day <= last:
        out.append(day)
        day += timedelta(days=7)
    return out


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("dances")
    parser.add_argument("--from", dest="first", type=date.fromisoformat, required=True)
    parser.add_argument("--to", dest="last", type=date.fromisoformat, required=True)
    args = parser.parse_args(argv)
    booked = between(read_dances(args.dances), args.first, args.last)
    for d in booked:
        print("%s %s  %-24s %s" % (d.day.strftime("%a %d %b"), d.start, d.venue, "£%d" % d.fee if d.fee else "charity"))
    print("%d dances, £%d in fees" % (len(booked), sum(d.fee for d in booked)))
    taken = {d.day for d in booked}
    free = [s.strftime("%d %b") for s in saturdays(args.first, args.last) if s not in taken]
    print("Free Saturdays: " + (", ".join(free) if free else "none"))


if __name__ == "__main__":
    main()
