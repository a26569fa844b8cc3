"""python -m tents.calendar BOOKINGS.csv: every booking with its reminder day."""
import sys

from tents.bookings import load_bookings, reminder_for


def main(argv=None):
    args = sys.argv[1:] if argv is None else argv
    rows = sorted(load_bookings(args[0]), key=lambda b: (reminder_for(b), b.name))
    for b in rows:
        print("remind %s  arrive %s  %-10s %s" % (reminder_for(b).isoformat(), b.arrive.isoformat(), b.tent, b.name))


if __name__ == "__main__":
    main()
