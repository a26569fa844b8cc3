"""Command line: python -m trailbook FILE [--year YEAR]."""

import argparse

from .hikes import load, totals


def build_parser():
    parser = argparse.ArgumentParser(prog="trailbook", description="Sum up a hiking log.")
    parser.add_argument("file", help="CSV file with date,name,km,ascent_m")
    parser.add_argument("--year", type=int, help="only count hikes from this year")
    return parser


def summary(hikes, year=None):
    count, km, ascent, longest = totals(hikes, year)
    if not count:
        return "no hikes"
    return "%d hike%s, %.1f km, %d m climbed; longest: %s (%.1f km)" % (
        count, "" if count == 1 else "s", km, ascent, longest.name, longest.km)


def main(argv=None):
    args = build_parser().parse_args(argv)
    print(summary(load(args.file), args.year))
    return 0
