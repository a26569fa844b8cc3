"""python -m bonfire.nights NIGHTS.csv: budget for each night (night,tickets,price_pence)."""
import csv
import sys

from bonfire import budget


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    total = 0
    with open(argv[0], newline="", encoding="utf-8") as f:
        for row in csv.DictReader(f):
            spend = budget.calc_fw(int(row["tickets"]), int(row["price_pence"]))
            total += spend
            print("%-12s %s" % (row["night"].strip(), budget.pounds(spend)))
    print("%-12s %s" % ("Total", budget.pounds(total)))


if __name__ == "__main__":
    main()
