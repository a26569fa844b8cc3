"""Command line: python -m punchcard [--file CSV] {courses,results}."""
import argparse
from collections import Counter

from punchcard.results import load_runs, result_lines


def build_parser():
    parser = argparse.ArgumentParser(prog="punchcard", description="Orienteering results.")
    parser.add_argument("--file", default="data/event.csv", help="timing kit CSV download")
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("courses", help="starters on each course")
    results = sub.add_parser("results", help="ranked results for one course")
    results.add_argument("course")
    return parser


def main(argv=None):
    args = build_parser().parse_args(argv)
    runs = load_runs(args.file)
    if args.command == "courses":
        for course, n in sorted(Counter(r.course for r in runs).items()):
            print("%-8s %d" % (course, n))
        return 0
    if not any(r.course == args.course for r in runs):
        print("no runners on course %s" % args.course)
        return 1
    for line in result_lines(runs, args.course):
        print(line)
    return 0
