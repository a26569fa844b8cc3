"""python -m ducks.results RACE.csv: every finisher in order."""
import sys

from ducks.race import finishers, load_race


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    done = finishers(load_race(argv[0]))
    for pos, (duck, sponsor, secs) in enumerate(done, 1):
        print("%3d. duck %-4d %-20s %7.1f s" % (pos, duck, sponsor, secs))
    print("%d finished" % len(done))


if __name__ == "__main__":
    main()
