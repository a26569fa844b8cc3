"""python -m gliding.logbook FLIGHTS.csv [--from DATE] [--to DATE]: flights and hours per pilot."""
import argparse

from gliding.flights import add_range_options, between, by_pilot, load_flights


def hours(minutes):
    return "%d:%02d" % divmod(minutes, 60)


def logbook(flights):
    lines = ["%-18s %7s %7s" % ("pilot", "flights", "hours")]
    for pilot, mine in by_pilot(flights).items():
        lines.append("%-18s %7d %7s" % (pilot, len(mine), hours(sum(f.minutes for f in mine))))
    lines.append("%-18s %7d %7s" % ("all pilots", len(flights), hours(sum(f.minutes for f in flights))))
    return lines


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m gliding.logbook")
    parser.add_argument("flights")
    add_range_options(parser)
    args = parser.parse_args(argv)
    flights = between(load_flights(args.flights), args.start, args.end)
    for line in logbook(flights):
        print(line)


if __name__ == "__main__":
    main()
