"""python -m snails.heat HEATS.csv N: one heat's snails and the heat average."""
import sys

from snails.heats import load_heats, speed
from snails.stats import average


def main(argv=None):
    args = sys.argv[1:] if argv is None else argv
    number = int(args[1])
    runs = [r for r in load_heats(args[0]) if r.heat == number]
    for r in sorted(runs, key=speed, reverse=True):
        print("%-12s %4d mm in %3d s  %6.1f mm/min" % (r.snail, r.mm, r.seconds, speed(r)))
    print("Heat %d average: %.1f mm/min" % (number, average([speed(r) for r in runs])))


if __name__ == "__main__":
    main()
