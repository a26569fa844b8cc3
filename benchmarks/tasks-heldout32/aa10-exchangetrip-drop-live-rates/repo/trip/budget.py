"""python -m trip.budget COSTS.csv: the trip's costs (in local money) back in pounds."""
import csv
import sys

from trip.rates import to_pounds


def main(argv=None):
    args = sys.argv[1:] if argv is None else argv
    total = 0.0
    with open(args[0], newline="", encoding="utf-8") as f:
        for r in csv.DictReader(f):
            pounds = to_pounds(float(r["amount"]), r["currency"].strip())
            total += pounds
            print("%-20s %9.2f %s = \u00a3%8.2f" % (r["item"].strip(), float(r["amount"]), r["currency"].strip().upper(), pounds))
    print("Total \u00a3%.2f" % total)


if __name__ == "__main__":
    main()
