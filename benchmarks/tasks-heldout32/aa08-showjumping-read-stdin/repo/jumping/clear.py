"""python -m jumping.clear ROUNDS.csv: the clear rounds, who goes into the jump-off."""
import sys

from jumping.rounds import load_rounds


def main(argv=None):
    args = sys.argv[1:] if argv is None else argv
    clear = [r for r in load_rounds(args[0]) if r.faults == 0]
    for r in clear:
        print("Jump-off: %s on %s" % (r.rider, r.horse))
    print("%d clear round%s" % (len(clear), "" if len(clear) == 1 else "s"))


if __name__ == "__main__":
    main()
