"""python -m magic.confirm BOOKINGS.csv CHILD: the confirmation note for one party."""
import sys

from magic.bookings import load_shows
from magic.times import twelve_hour


def note(show):
    return ("Dear parent, the Great Marvello will be at %s on %s at %s for %s's %s birthday, "
            "for %d minutes of magic." % (show.address, show.date, twelve_hour(show.start), show.child,
                                          ordinal(show.age), show.minutes))


def ordinal(n):
    if 10 <= n % 100 <= 20:
        return "%dth" % n
    return "%d%s" % (n, {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th"))


def main(argv=None):
    args = sys.argv[1:] if argv is None else argv
    shows = [s for s in load_shows(args[0]) if s.child == args[1]]
    if not shows:
        print("No booking for %s" % args[1])
        return 1
    for s in shows:
        print(note(s))
    return 0


if __name__ == "__main__":
    sys.exit(main())
