"""python -m sled.results TIMES.csv: teams by total time over both stages."""
import csv
import sys

from sled.util import format_time, parse_time


def load_totals(path):
    """[(musher, total seconds)] fastest first."""
    with open(path, newline="", encoding="utf-8") as f:
        rows = [(r["musher"].strip(), parse_time(r["stage1"]) + parse_time(r["stage2"]))
                for r in csv.DictReader(f)]
    return sorted(rows, key=lambda r: (r[1], r[0]))


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    for pos, (musher, total) in enumerate(load_totals(argv[0]), 1):
        print("%2d %-20s %s" % (pos, musher, format_time(total)))


if __name__ == "__main__":
    main()
