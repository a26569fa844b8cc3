import argparse
import sys
from datetime import date

from .parse import read_entries
from .write import WRITERS


def build_parser():
    p = argparse.ArgumentParser(prog="logship", description="Merge and filter log files.")
    p.add_argument("logfiles", nargs="+", metavar="LOGFILE")
    p.add_argument("-o", "--output", metavar="FILE", default="-",
                   help="file to write (default: standard output)")
    p.add_argument("-f", "--format", choices=sorted(WRITERS), default="json",
                   help="output format (default: json)")
    p.add_argument("--since", metavar="DATE", type=date.fromisoformat,
                   help="only keep entries on or after DATE (YYYY-MM-DD)")
    return p


def main(argv=None):
    args = build_parser().parse_args(argv)
    entries = read_entries(args.logfiles)
    if args.since:
        cutoff = args.since.isoformat()
        entries = (e for e in entries if e["time"][:10] >= cutoff)
    writer = WRITERS[args.format]
    if args.output == "-":
        writer(entries, sys.stdout)
    else:
        with open(args.output, "w", encoding="utf-8", newline="") as fh:
            writer(entries, fh)
    return 0


if __name__ == "__main__":
    sys.exit(main())
