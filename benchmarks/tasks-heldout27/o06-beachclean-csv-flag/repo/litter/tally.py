"""python -m litter.tally CLEANS.csv [--since YYYY-MM-DD]: totals per beach."""
import argparse
from datetime import date

from litter.surveys import load_cleans, totals

HEADER = ("Beach", "Bags", "Kg", "Volunteers")


def table(rows):
    width = max([len(HEADER[0])] + [len(r[0]) for r in rows])
    lines = ["%-*s  %5s  %7s  %10s" % ((width,) + HEADER)]
    for beach, bags, kg, volunteers in rows:
        lines.append("%-*s  %5d  %7.1f  %10d" % (width, beach, bags, kg, volunteers))
    return lines


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m litter.tally")
    parser.add_argument("cleans")
    parser.add_argument("--since", type=date.fromisoformat)
    args = parser.parse_args(argv)
    rows = totals(load_cleans(args.cleans), args.since)
    print("\n".join(table(rows)))


if __name__ == "__main__":
    main()
