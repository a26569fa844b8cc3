"""A band's invoice: python -m studio.invoice BOOKINGS.csv BAND"""
import sys

from studio.bookings import parse_bookings, session_cost


def invoice_lines(bookings, band):
    mine = sorted((b for b in bookings if b.band == band), key=lambda b: (b.day, b.start))
    lines = ["Invoice for %s" % band]
    total = 0
    for b in mine:
        cost = session_cost(b.room, b.start, b.hours, engineer=b.engineer)
        total += cost
        extra = " + engineer" if b.engineer else ""
        lines.append("%s  %s room %d h from %02d:00%s  %.2f" % (b.day.isoformat(), b.room, b.hours, b.start,
                                                                extra, cost / 100))
    lines.append("Total due: %.2f" % (total / 100))
    return lines


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    if len(argv) != 2:
        print("usage: python -m studio.invoice BOOKINGS.csv BAND", file=sys.stderr)
        return 2
    with open(argv[0], encoding="utf-8", newline="") as fh:
        bookings = parse_bookings(fh.read())
    print("\n".join(invoice_lines(bookings, argv[1])))
    return 0


if __name__ == "__main__":
    sys.exit(main())
