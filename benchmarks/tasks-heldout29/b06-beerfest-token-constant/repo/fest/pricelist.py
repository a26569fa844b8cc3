"""The price list in tokens: python -m fest.pricelist beers.csv

Drinks are paid for in tokens bought at the door. A pint costs its price
in tokens rounded up to a whole token; a half costs half a pint's tokens,
rounded up as well.
"""
import math
import sys

from fest.beers import load_beers

TOKEN_PENCE = 250


def pint_tokens(pint_pence):
    return math.ceil(pint_pence / TOKEN_PENCE)


def half_tokens(pint_pence):
    return math.ceil(pint_pence / 2 / TOKEN_PENCE)


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    if len(argv) != 1:
        print("usage: python -m fest.pricelist BEERS.csv", file=sys.stderr)
        return 2
    print("one token = %dp" % TOKEN_PENCE)
    for b in sorted(load_beers(argv[0]), key=lambda b: (b.bar, b.name)):
        print("%-8s %-22s %-18s %4.1f%%  pint %d  half %d" % (
            b.bar, b.name, b.brewery, b.abv, pint_tokens(b.pint_pence), half_tokens(b.pint_pence)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
