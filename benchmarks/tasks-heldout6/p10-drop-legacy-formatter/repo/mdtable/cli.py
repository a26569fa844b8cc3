"""python -m mdtable.cli [FILE] [--align SPEC] [--legacy]"""
import argparse
import csv
import sys

from mdtable.legacy import format_table_v1
from mdtable.table import format_table


def main(argv=None):
    parser = argparse.ArgumentParser(prog="mdtable", description="CSV to Markdown table")
    parser.add_argument("file", nargs="?", help="CSV file (default: standard input)")
    parser.add_argument("--align", default=None, help="one of l/r/c per column")
    parser.add_argument("--legacy", action="store_true",
                        help="use the deprecated v1 formatter")
    args = parser.parse_args(argv)
    if args.file:
        with open(args.file, newline="", encoding="utf-8") as fh:
            data = list(csv.reader(fh))
    else:
        data = list(csv.reader(sys.stdin))
    if not data:
        print("mdtable: no input", file=sys.stderr)
        return 1
    headers, rows = data[0], data[1:]
    if args.legacy:
        print(format_table_v1(rows, headers))
    else:
        print(format_table(rows, headers, align=args.align))
    return 0


if __name__ == "__main__":
    sys.exit(main())
