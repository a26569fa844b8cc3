"""python -m pollen.week FORECAST.csv: every day's level and advice, and the peak."""
import sys

from pollen.forecast import load_forecast, show
from pollen.levels import advice, level


def main(argv=None):
    args = sys.argv[1:] if argv is None else argv
    days = load_forecast(args[0])
    for day, grains in days:
        name = level(grains)
        print("%s %5d  %-9s  %s" % (show(day), grains, name, advice(name)))
    day, grains = max(days, key=lambda d: d[1])
    print("Peak: %s, %d grains (%s)" % (show(day), grains, level(grains)))


if __name__ == "__main__":
    main()
