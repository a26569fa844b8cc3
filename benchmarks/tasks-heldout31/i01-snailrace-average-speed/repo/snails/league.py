"""python -m snails.league HEATS.csv: every snail's average speed, fastest first."""
import sys

from snails.heats import load_heats, speed
from snails.stats import average, best


def league(runs):
    by_snail = {}
    for r in runs:
        by_snail.setdefault(r.snail, []).append(speed(r))
    rows = [(name, average(s), best(s), len(s)) for name, s in by_snail.items()]
    rows.sort(key=lambda row: (-row[1], row[0]))
    return rows


def main(argv=None):
    args = sys.argv[1:] if argv is None else argv
    for place, (name, avg, top, n) in enumerate(league(load_heats(args[0])), 1):
        print("%d. %-12s %6.1f mm/min  (best %.1f, %d heats)" % (place, name, avg, top, n))


if __name__ == "__main__":
    main()
