"""python -m tents.reminders BOOKINGS.csv --on YYYY-MM-DD: who to email that day."""
import argparse
from datetime import date

from tents.bookings import load_bookings, reminder_for


def main(argv=None):
    ap = argparse.ArgumentParser(prog="tents.reminders")
    ap.add_argument("bookings")
    ap.add_argument("--on", type=date.fromisoformat, default=date.today())
    args = ap.parse_args(argv)
    due = [b for b in load_bookings(args.bookings) if reminder_for(b) == args.on]
    for b in due:
        print("%s <%s>: %s from %s for %d night(s)" % (b.name, b.email, b.tent, b.arrive.isoformat(), b.nights))
    print("%d reminder(s) for %s" % (len(due), args.on.isoformat()))


if __name__ == "__main__":
    main()
