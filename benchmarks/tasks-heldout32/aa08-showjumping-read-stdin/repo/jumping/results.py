"""python -m jumping.results ROUNDS.csv: the class placings."""
import sys

from jumping.rounds import load_rounds, ranked


def main(argv=None):
    args = sys.argv[1:] if argv is None else argv
    rounds = ranked(load_rounds(args[0]))
    for n, r in enumerate(rounds, 1):
        print("%2d. %-16s %-14s %2d faults  %6.2f s" % (n, r.rider, r.horse, r.faults, r.time))
    print("%d rounds" % len(rounds))


if __name__ == "__main__":
    main()
