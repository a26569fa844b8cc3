"""python -m sandpit.topup PITS.csv CM: sand to top every pit up by CM after it settles."""
import sys

from sandpit.pits import load_pits
from sandpit.sand import bags, litres


def main(argv=None):
    args = sys.argv[1:] if argv is None else argv
    cm = int(args[1])
    total = 0
    for p in load_pits(args[0]):
        need = litres(p.side, cm)
        total += bags(need)
        print("%-22s +%d cm: %6.1f litres" % (p.site, cm, need))
    print("Top-up: %d bags" % total)


if __name__ == "__main__":
    main()
