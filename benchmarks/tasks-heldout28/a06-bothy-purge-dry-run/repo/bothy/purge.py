"""python -m bothy.purge BOOKINGS.csv --before DATE [--archive FILE]

Moves bookings for nights before DATE out of the bookings file and onto the
end of the archive (archive.csv beside the bookings file unless given)."""
import argparse
import os
from datetime import date

from bothy.bookings import append_bookings, read_bookings, write_bookings


def split(bookings, before):
    """(old, kept): bookings for nights before `before`, and the rest."""
    old = [b for b in bookings if b.night < before]
    kept = [b for b in bookings if b.night >= before]
    return old, kept


def describe(booking):
    return "%s  %-14s %-18s %s  party of %d" % (booking.ref, booking.bothy, booking.name,
                                                booking.night.isoformat(), booking.party)


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m bothy.purge")
    parser.add_argument("bookings")
    parser.add_argument("--before", type=date.fromisoformat, required=True, metavar="DATE")
    parser.add_argument("--archive", metavar="FILE")
    args = parser.parse_args(argv)
    archive = args.archive or os.path.join(os.path.dirname(args.bookings), "archive.csv")
    old, kept = split(read_bookings(args.bookings), args.before)
    for b in old:
        print("archived " + describe(b))
    if old:
        append_bookings(archive, old)
        write_bookings(args.bookings, kept)
    print("%d archived, %d kept" % (len(old), len(kept)))


if __name__ == "__main__":
    main()
