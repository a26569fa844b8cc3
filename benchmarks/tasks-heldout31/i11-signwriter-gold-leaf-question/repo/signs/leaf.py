"""python -m signs.leaf TEXT HEIGHT_MM [--both-sides]: gold leaf for a sign."""
import argparse

from signs.gilding import books, leaves, letters


def main(argv=None):
    ap = argparse.ArgumentParser(prog="signs.leaf")
    ap.add_argument("text")
    ap.add_argument("height", type=int, help="letter height in mm")
    ap.add_argument("--both-sides", action="store_true", help="a hanging sign gilded on both faces")
    args = ap.parse_args(argv)
    sides = 2 if args.both_sides else 1
    n = leaves(args.text, args.height, sides)
    print("%s, %d mm, %s: %d letters, %d leaves (%d books)" % (
        args.text, args.height, "both sides" if sides == 2 else "one side", letters(args.text) * sides, n, books(n)))


if __name__ == "__main__":
    main()
