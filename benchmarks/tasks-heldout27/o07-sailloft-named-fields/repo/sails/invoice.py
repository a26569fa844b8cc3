"""python -m sails.invoice ORDERS.txt REF: the invoice for one sail."""
import argparse
import sys

from sails.cutlist import area
from sails.orders import load_orders

CLOTH_PRICE = {"dacron": 38, "laminate": 72, "nylon": 25}
KIND_FEE = {"main": 240, "jib": 150, "genoa": 180, "spinnaker": 210}


def price(s):
    """Price in pounds: cloth by the square metre plus a making fee by kind."""
    return round(area(s) * CLOTH_PRICE[s[4]]) + KIND_FEE[s[1]]


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m sails.invoice")
    parser.add_argument("orders")
    parser.add_argument("ref")
    args = parser.parse_args(argv)
    for s in load_orders(args.orders):
        if s[0] == args.ref:
            print("Sail %s: %s in %s, luff %.2f m, foot %.2f m" % (s[0], s[1], s[4], s[2], s[3]))
            print("Total: £%d" % price(s))
            return 0
    print("no sail %s" % args.ref, file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main())
