"""The week's salt order: python -m smoke.order batches.csv

Salt comes in 25 kg sacks; we always keep one sack spare.
"""
import math
import sys

from smoke.batches import load_batches
from smoke.brine import salt_grams, water_litres

SACK_KG = 25


def salt_needed_kg(batches):
    grams = sum(salt_grams(water_litres(b.kg), b.percent) for b in batches)
    return grams / 1000.0


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    if len(argv) != 1:
        print("usage: python -m smoke.order BATCHES.csv", file=sys.stderr)
        return 2
    kg = salt_needed_kg(load_batches(argv[0]))
    sacks = math.ceil(kg / SACK_KG) + 1
    print("salt for the week: %.2f kg" % kg)
    print("order: %d x %d kg sacks (one spare)" % (sacks, SACK_KG))
    return 0


if __name__ == "__main__":
    sys.exit(main())
