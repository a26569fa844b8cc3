"""python -m parade.route ROUTE.csv: the route sheet for marshals."""
import argparse

from parade.stops import load_route, running_totals


def route_lines(stops):
    lines = ["%-5s  %-22s %5s %6s" % ("time", "stop", "join", "total")]
    for s, total in running_totals(stops):
        lines.append("%-5s  %-22s %5d %6d" % (s.arrive, s.name, s.lanterns, total))
    return lines


def main(argv=None):
    ap = argparse.ArgumentParser(prog="parade.route")
    ap.add_argument("route")
    args = ap.parse_args(argv)
    for line in route_lines(load_route(args.route)):
        print(line)


if __name__ == "__main__":
    main()
