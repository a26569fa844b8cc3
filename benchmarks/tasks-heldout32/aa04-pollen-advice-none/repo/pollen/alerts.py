"""python -m pollen.alerts FORECAST.csv [--at LEVEL]: the days at LEVEL (High) or worse."""
import argparse

from pollen.forecast import load_forecast, show
from pollen.levels import ORDER, advice, level


def main(argv=None):
    ap = argparse.ArgumentParser(prog="pollen.alerts")
    ap.add_argument("forecast")
    ap.add_argument("--at", default="High", choices=ORDER)
    args = ap.parse_args(argv)
    found = 0
    for day, grains in load_forecast(args.forecast):
        name = level(grains)
        if ORDER.index(name) >= ORDER.index(args.at):
            found += 1
            print("%s: %s. %s" % (show(day), name, advice(name)))
    if not found:
        print("No alerts.")


if __name__ == "__main__":
    main()
