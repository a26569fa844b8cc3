"""Command line: python -m catchlog [--file PATH] {list,best} ..."""
import argparse

from catchlog.records import format_catch, heaviest, read_catches

DEFAULT_FILE = "data/catches.csv"


def build_parser():
    parser = argparse.ArgumentParser(prog="catchlog", description="An angler's catch log.")
    parser.add_argument("--file", default=DEFAULT_FILE, help="CSV log to read")
    sub = parser.add_subparsers(dest="command", required=True)
    lst = sub.add_parser("list", help="list catches in the order they were logged")
    lst.add_argument("--species", help="only this species")
    best = sub.add_parser("best", help="show the heaviest catch")
    best.add_argument("species", nargs="?", help="only this species")
    return parser


def main(argv=None):
    args = build_parser().parse_args(argv)
    catches = read_catches(args.file)
    if args.command == "list":
        for c in catches:
            if args.species and c.species.lower() != args.species.lower():
                continue
            print(format_catch(c))
    elif args.command == "best":
        c = heaviest(catches, args.species)
        print(format_catch(c) if c else "no catches")
    return 0
