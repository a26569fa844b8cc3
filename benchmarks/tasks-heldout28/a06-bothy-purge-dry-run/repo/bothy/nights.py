"""python -m bothy.nights BOOKINGS.csv BOTHY: who is staying at a bothy, night by night."""
import argparse

from bothy.bookings import read_bookings

SPACES = {"Corrour": 12, "Shenavall": 10, "Glenpean": 8, "Sourlies": 6}


def nights(bookings, bothy):
    by_night = {}
    for b in bookings:
        if b.bothy.lower() == bothy.lower():
            by_night.setdefault(b.night, []).append(b)
    lines = []
    for night in sorted(by_night):
        party = sum(b.party for b in by_night[night])
        names = ", ".join(b.name for b in by_night[night])
        lines.append("%s  %2d of %2d  %s" % (night.isoformat(), party, SPACES.get(bothy.title(), 0), names))
    return lines


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m bothy.nights")
    parser.add_argument("bookings")
    parser.add_argument("bothy")
    args = parser.parse_args(argv)
    print("\n".join(nights(read_bookings(args.bookings), args.bothy)) or "no bookings")


if __name__ == "__main__":
    main()
