"""python -m sails.cutlist ORDERS.txt: cloth to cut for each sail."""
import argparse
import math

from sails.orders import load_orders

PANEL_WIDTH_M = 0.9


def area(s):
    """Sail area in square metres (a triangle of luff and foot)."""
    return s[2] * s[3] / 2


def panels(s):
    return math.ceil(s[3] / PANEL_WIDTH_M)


def cut_lines(sails):
    lines = []
    for s in sails:
        lines.append("%-6s %-9s %6.2f m2  %2d panels of %s" % (s[0], s[1], area(s), panels(s), s[4]))
    return lines


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m sails.cutlist")
    parser.add_argument("orders")
    args = parser.parse_args(argv)
    print("\n".join(cut_lines(load_orders(args.orders))))


if __name__ == "__main__":
    main()
