"""A day's bookings.

    python -m punts.bookings bookings.csv

bookings.csv: date, party, adults, children, minutes.
"""
import csv
import sys
from datetime import date

from punts.fares import punts_needed, tour_price


def read_bookings(path):
    with open(path, newline="", encoding="utf-8") as f:
        return [(date.fromisoformat(r["date"]), r["party"].strip(), int(r["adults"]), int(r["children"]),
                 int(r["minutes"])) for r in csv.DictReader(f)]


def main(path):
    total = 0
    for day, party, adults, children, minutes in read_bookings(path):
        fare = tour_price(adults, children, minutes, day)
        total += fare
        print("%s %-16s %d+%d  %3d min  %d punt(s)  £%.2f" % (day.isoformat(), party, adults, children, minutes,
                                                            punts_needed(adults, children), fare / 100))
    print("Total £%.2f" % (total / 100))


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "bookings.csv")
