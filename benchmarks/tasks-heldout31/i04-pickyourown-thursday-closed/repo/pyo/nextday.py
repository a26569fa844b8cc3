"""python -m pyo.nextday YYYY-MM-DD [--closures FILE]: the next open day after a date."""
import argparse
from datetime import date

from pyo.closures import load_closures
from pyo.days import next_open


def main(argv=None):
    ap = argparse.ArgumentParser(prog="pyo.nextday")
    ap.add_argument("after", type=date.fromisoformat)
    ap.add_argument("--closures")
    args = ap.parse_args(argv)
    day = next_open(args.after, load_closures(args.closures))
    print("Next open: " + (day.strftime("%A %d %B %Y") if day else "none"))


if __name__ == "__main__":
    main()
