"""python -m dyepot.batch SKEINS.csv: skeins into pots of at most POT_MAX_G grams, colour by colour."""
import sys

from dyepot.skeins import load_skeins

POT_MAX_G = 500


def pot_wt(skeins):
    """Grams of dry yarn in a pot."""
    return sum(s.wt for s in skeins)


def pots(skeins):
    """[(colour, [skein, ...])]: each colour's skeins, heaviest first, in as few pots as fit."""
    out = []
    for colour in sorted({s.colour for s in skeins}):
        for s in sorted((s for s in skeins if s.colour == colour), key=lambda s: -s.wt):
            for c, pot in out:
                if c == colour and pot_wt(pot) + s.wt <= POT_MAX_G:
                    pot.append(s)
                    break
            else:
                out.append((colour, [s]))
    return out


def main(argv=None):
    args = sys.argv[1:] if argv is None else argv
    for n, (colour, pot) in enumerate(pots(load_skeins(args[0])), 1):
        print("Pot %d: %s, %d g (%s)" % (n, colour, pot_wt(pot), ", ".join("%d g %s" % (s.wt, s.base) for s in pot)))


if __name__ == "__main__":
    main()
