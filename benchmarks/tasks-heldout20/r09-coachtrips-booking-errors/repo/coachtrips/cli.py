"""python -m coachtrips.cli [--file F] list | book CODE SEATS"""
import argparse

from coachtrips.trips import book, load, save, seats_left


def main(argv=None):
    parser = argparse.ArgumentParser(prog="coachtrips")
    parser.add_argument("--file", default="trips.json")
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("list")
    booking = sub.add_parser("book")
    booking.add_argument("code")
    booking.add_argument("seats", type=int)
    args = parser.parse_args(argv)
    trips = load(args.file)
    if args.command == "list":
        for code in sorted(trips):
            t = trips[code]
            print("%-6s %-18s %s  %2d left" % (code, t["destination"], t["date"], seats_left(t)))
    else:
        trip = trips[args.code]
        book(trip, args.seats)
        save(args.file, trips)
        print("Booked %d on %s to %s; %d left" % (
            args.seats, args.code, trip["destination"], seats_left(trip)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
