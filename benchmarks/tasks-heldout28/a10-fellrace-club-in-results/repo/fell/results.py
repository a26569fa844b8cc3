"""python -m fell.results ENTRIES.csv FINISHES.csv [--category CAT]: the results list."""
import argparse

from fell.entries import load_entries
from fell.timing import clock, load_finishes, placings


def result_lines(runners, finishes, category=None):
    lines = []
    for place, runner, seconds in placings(runners, finishes, category):
        lines.append("%3d  %4d  %-34s %-4s %s" % (place, runner.number, runner.name, runner.category, clock(seconds)))
    return lines


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m fell.results")
    parser.add_argument("entries")
    parser.add_argument("finishes")
    parser.add_argument("--category", type=str.upper)
    args = parser.parse_args(argv)
    lines = result_lines(load_entries(args.entries), load_finishes(args.finishes), args.category)
    print("\n".join(lines) if lines else "no finishers")


if __name__ == "__main__":
    main()
