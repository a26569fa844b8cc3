"""Command line: python -m crookrun.cli results|dogs --file trial.csv"""

import argparse
import sys

from crookrun.ranking import rank, result_line
from crookrun.runs import CLASSES, load_runs


def build_parser():
    parser = argparse.ArgumentParser(prog="crookrun", description="Sheepdog trial results")
    sub = parser.add_subparsers(dest="command", required=True)
    res = sub.add_parser("results", help="placings for one class")
    res.add_argument("--file", required=True, help="trial CSV file")
    res.add_argument("--class", dest="klass", choices=CLASSES, default="open")
    dogs = sub.add_parser("dogs", help="each handler's dogs")
    dogs.add_argument("--file", required=True, help="trial CSV file")
    return parser


def cmd_results(args, out):
    placed = rank(load_runs(args.file), args.klass)
    out.write("%s class, %d runs\n" % (args.klass.capitalize(), len(placed)))
    for label, run in placed:
        out.write(result_line(label, run) + "\n")


def cmd_dogs(args, out):
    dogs = {}
    for run in load_runs(args.file):
        dogs.setdefault(run.handler, [])
        if run.dog not in dogs[run.handler]:
            dogs[run.handler].append(run.dog)
    for handler in sorted(dogs):
        out.write("%s: %s\n" % (handler, ", ".join(dogs[handler])))


def main(argv=None, out=None):
    out = out or sys.stdout
    args = build_parser().parse_args(argv)
    if args.command == "results":
        cmd_results(args, out)
    else:
        cmd_dogs(args, out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
