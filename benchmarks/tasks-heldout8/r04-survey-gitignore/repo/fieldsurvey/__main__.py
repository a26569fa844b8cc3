"""python -m fieldsurvey SHEET.csv -> totals per species."""

import sys

from .tally import read_sheet, species_totals


def main(argv=None):
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print("usage: python -m fieldsurvey SHEET.csv", file=sys.stderr)
        return 2
    totals = species_totals(read_sheet(args[0]))
    for species in sorted(totals):
        print("%-16s %5d" % (species, totals[species]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
