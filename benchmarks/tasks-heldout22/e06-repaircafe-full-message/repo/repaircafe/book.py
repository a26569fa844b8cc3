"""Book a place at a repair café session.

Bookings are kept in a CSV file (date,name,category). Each session has a
fixed number of places for each kind of repair.
"""
import csv
import sys
from collections import namedtuple
from datetime import date

PLACES = {"bike": 2, "electrical": 4, "textile": 3, "furniture": 1, "jewellery": 2}

Booking = namedtuple("Booking", "day name category")


class SessionFull(Exception):
    """No places left for that kind of repair at that session."""


def session_label(day):
    return "%s %d %s" % (day.strftime("%A"), day.day, day.strftime("%B"))


def read_bookings(path):
    try:
        with open(path, encoding="utf-8", newline="") as fh:
            return [Booking(date.fromisoformat(r["date"]), r["name"], r["category"])
                    for r in csv.DictReader(fh)]
    except FileNotFoundError:
        return []


def places_left(bookings, day, category):
    taken = sum(1 for b in bookings if b.day == day and b.category == category)
    return PLACES[category] - taken


def book(bookings, day, name, category):
    """Add a booking and return the confirmation text; raises SessionFull or ValueError."""
    category = category.strip().lower()
    if category not in PLACES:
        raise ValueError("We don't take %s repairs. We can help with: %s."
                         % (category, ", ".join(sorted(PLACES))))
    left = places_left(bookings, day, category)
    if left <= 0:
        raise SessionFull("Sorry, the %s session is full for %s repairs. Please try next month."
                          % (session_label(day), category))
    bookings.append(Booking(day, name, category))
    return "Booked %s for %s repairs on %s (place %d of %d)." % (
        name, category, session_label(day), PLACES[category] - left + 1, PLACES[category])


def write_bookings(path, bookings):
    with open(path, "w", encoding="utf-8", newline="") as fh:
        out = csv.writer(fh)
        out.writerow(["date", "name", "category"])
        for b in bookings:
            out.writerow([b.day.isoformat(), b.name, b.category])


def main(argv=None):
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 4:
        print("usage: python -m repaircafe.book BOOKINGS.csv YYYY-MM-DD NAME CATEGORY")
        return 2
    path, day, name, category = args
    bookings = read_bookings(path)
    try:
        print(book(bookings, date.fromisoformat(day), name, category))
    except (SessionFull, ValueError) as exc:
        print(exc)
        return 1
    write_bookings(path, bookings)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
