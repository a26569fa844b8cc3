"""python -m sandpit.order PITS.csv: sand to fill every pit, and the bill."""
import sys

from sandpit.pits import load_pits
from sandpit.sand import BAG_PENCE, bags, litres


def main(argv=None):
    args = sys.argv[1:] if argv is None else argv
    total = 0
    for p in load_pits(args[0]):
        need = litres(p.side, p.depth)
        n = bags(need)
        total += n
        print("%-22s %3d cm square, %2d cm deep: %7.1f litres, %3d bags" % (p.site, p.side, p.depth, need, n))
    pence = total * BAG_PENCE
    print("%d bags, \u00a3%d.%02d" % (total, pence // 100, pence % 100))


if __name__ == "__main__":
    main()
