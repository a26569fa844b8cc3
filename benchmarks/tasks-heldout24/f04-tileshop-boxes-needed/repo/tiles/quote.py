"""A rough quote for the counter.

    python -m tiles.quote CODE WIDTHxLENGTH [WIDTHxLENGTH ...]
"""
import sys

from tiles.catalogue import find_tile
from tiles.estimate import adhesive_bags, floor_area, grout_kg


def parse_room(text):
    width, _, length = text.lower().partition("x")
    return float(width), float(length)


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    if len(argv) < 2:
        print("usage: python -m tiles.quote CODE WIDTHxLENGTH ...", file=sys.stderr)
        return 2
    tile = find_tile(argv[0])
    area = floor_area([parse_room(r) for r in argv[1:]])
    print("%s: %.2f m2 (one box covers %.2f m2)" % (tile.name, area, tile.box_coverage))
    print("adhesive: %d bags, grout: %.1f kg" % (adhesive_bags(area), grout_kg(area)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
