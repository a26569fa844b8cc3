"""python -m gliding.fees FLIGHTS.csv [--from DATE] [--to DATE]: what each pilot owes."""
import argparse

from gliding.flights import add_range_options, between, by_pilot, load_flights

LAUNCH_PENCE = {"winch": 900, "aerotow": 3800}
CLUB_GLIDERS = {"K21", "K13", "Junior"}
SOARING_PENCE_PER_MINUTE = 40


def flight_pence(flight):
    """Launch fee, plus soaring time when the glider is a club one."""
    pence = LAUNCH_PENCE[flight.launch]
    if flight.glider in CLUB_GLIDERS:
        pence += flight.minutes * SOARING_PENCE_PER_MINUTE
    return pence


def money(pence):
    return "£%d.%02d" % divmod(pence, 100)


def bill(flights):
    lines = []
    total = 0
    for pilot, mine in by_pilot(flights).items():
        owed = sum(flight_pence(f) for f in mine)
        total += owed
        lines.append("%-18s %9s" % (pilot, money(owed)))
    lines.append("%-18s %9s" % ("total", money(total)))
    return lines


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m gliding.fees")
    parser.add_argument("flights")
    add_range_options(parser)
    args = parser.parse_args(argv)
    for line in bill(between(load_flights(args.flights), args.start, args.end)):
        print(line)


if __name__ == "__main__":
    main()
