"""Work through a file of booking requests, one per line: DAY HOUR COURT NAME.

    python -m courts.desk REQUESTS
"""
import sys

from courts.booking import book_court, free_courts


def handle(bookings, line):
    """Try one request; return the line to print."""
    parts = line.split(None, 3)
    if len(parts) != 4:
        return "rejected: cannot read %r" % line.strip()
    day, hour, court, name = parts[0], parts[1], parts[2], parts[3].strip()
    try:
        hour, court = int(hour), int(court)
        booking = book_court(bookings, day, hour, court, name)
    except ValueError as exc:
        if "already booked" in str(exc):
            free = free_courts(bookings, day, hour)
            others = ", ".join(str(c) for c in free) if free else "none"
            return "taken: court %d at %02d:00 on %s (free: %s)" % (court, hour, day, others)
        return "rejected: %s" % exc
    return "booked: court %d at %02d:00 on %s for %s" % (booking.court, booking.hour, booking.day, booking.name)


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    if len(argv) != 1:
        print("usage: python -m courts.desk REQUESTS", file=sys.stderr)
        return 2
    bookings = []
    with open(argv[0], encoding="utf-8") as f:
        for line in f:
            if line.strip() and not line.startswith("#"):
                print(handle(bookings, line))
    print("%d bookings" % len(bookings))
    return 0


if __name__ == "__main__":
    sys.exit(main())
