"""python -m magic.diary BOOKINGS.csv: every show in date and time order."""
import sys

from magic.bookings import load_shows
from magic.times import minutes, twelve_hour


def main(argv=None):
    args = sys.argv[1:] if argv is None else argv
    for s in sorted(load_shows(args[0]), key=lambda s: (s.date, minutes(s.start))):
        print("%s %8s  %-8s %3d min  %s" % (s.date, twelve_hour(s.start), s.child, s.minutes, s.address))


if __name__ == "__main__":
    main()
