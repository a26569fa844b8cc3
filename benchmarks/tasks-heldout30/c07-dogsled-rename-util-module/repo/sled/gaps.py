"""python -m sled.gaps TIMES.csv: each team's gap to the leader."""
import sys

from sled import util
from sled.results import load_totals


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    totals = load_totals(argv[0])
    if not totals:
        return
    best = totals[0][1]
    for musher, total in totals:
        print("%-20s +%s" % (musher, util.format_time(total - best)))


if __name__ == "__main__":
    main()
