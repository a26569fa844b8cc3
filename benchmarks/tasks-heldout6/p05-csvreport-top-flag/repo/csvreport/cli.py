"""Command line: python -m csvreport.cli FILE --group-by COL --sum COL."""
import argparse
import csv
import sys

from csvreport.aggregate import group_totals
from csvreport.loader import load_rows


def build_parser():
    parser = argparse.ArgumentParser(prog="csvreport",
                                     description="Total one CSV column per group.")
    parser.add_argument("path", help="CSV file to read")
    parser.add_argument("--group-by", required=True, metavar="COLUMN")
    parser.add_argument("--sum", required=True, metavar="COLUMN", dest="sum_column")
    parser.add_argument("--format", choices=("text", "csv"), default="text")
    return parser


def main(argv=None):
    args = build_parser().parse_args(argv)
    try:
        totals = group_totals(load_rows(args.path), args.group_by, args.sum_column)
    except (OSError, KeyError, ValueError) as exc:
        print("csvreport: %s" % (exc,), file=sys.stderr)
        return 1
    if args.format == "csv":
        writer = csv.writer(sys.stdout, lineterminator="\n")
        writer.writerow([args.group_by, args.sum_column])
        for group, total in totals:
            writer.writerow([group, "%.2f" % total])
    else:
        width = max([len(g) for g, _ in totals] + [5])
        for group, total in totals:
            print("%-*s %12.2f" % (width, group, total))
    return 0


if __name__ == "__main__":
    sys.exit(main())
