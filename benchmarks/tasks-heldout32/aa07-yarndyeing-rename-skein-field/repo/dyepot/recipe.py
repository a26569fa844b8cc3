"""python -m dyepot.recipe SKEINS.csv [--depth PERCENT]: dye and vinegar for each colour."""
import argparse

from dyepot.skeins import load_skeins

VINEGAR_ML_PER_100G = 15


def dye_grams(skein, depth):
    """Grams of dye powder for a skein at `depth` per cent of its weight."""
    return skein.wt * depth / 100


def main(argv=None):
    ap = argparse.ArgumentParser(prog="dyepot.recipe")
    ap.add_argument("skeins")
    ap.add_argument("--depth", type=float, default=2.0, help="dye as a percentage of the yarn's weight")
    args = ap.parse_args(argv)
    colours = {}
    for s in load_skeins(args.skeins):
        colours.setdefault(s.colour, []).append(s)
    for colour in sorted(colours):
        yarn = sum(s.wt for s in colours[colour])
        dye = sum(dye_grams(s, args.depth) for s in colours[colour])
        print("%-10s %5d g yarn  %5.1f g dye  %4d ml vinegar" % (colour, yarn, dye, round(yarn * VINEGAR_ML_PER_100G / 100)))


if __name__ == "__main__":
    main()
