"""python -m hedge.bookings BOOKINGS.csv: when each booked hedge will be finished."""
import argparse
import csv
from datetime import date

from hedge.plan import days_needed, finish_date


def plan_lines(path):
    lines = []
    with open(path, newline="", encoding="utf-8") as f:
        for row in csv.DictReader(f):
            metres, crew = int(row["metres"]), int(row["crew"])
            start = date.fromisoformat(row["start"])
            try:
                end = finish_date(metres, start, crew).isoformat()
            except ValueError as exc:
                end = "NOT POSSIBLE (%s)" % exc
            lines.append("%-22s %4d m  crew %d  %2d days  %s to %s" % (
                row["farm"], metres, crew, days_needed(metres, crew), start.isoformat(), end))
    return lines


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m hedge.bookings")
    parser.add_argument("bookings")
    args = parser.parse_args(argv)
    print("\n".join(plan_lines(args.bookings)))


if __name__ == "__main__":
    main()
