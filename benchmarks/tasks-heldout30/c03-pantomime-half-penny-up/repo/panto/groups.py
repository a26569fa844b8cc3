"""python -m panto.groups BOOKINGS.csv: the group booking sheet."""
import csv
import sys

from panto.prices import PRICES, discount_pence, money, ticket_after_discount


def group_lines(path):
    lines, grand = [], 0
    with open(path, newline="", encoding="utf-8") as f:
        for row in csv.DictReader(f):
            kind, count, pct = row["ticket"].strip(), int(row["count"]), int(row["percent"])
            price = PRICES[kind]
            each = ticket_after_discount(price, pct)
            grand += each * count
            lines.append("%-16s %3d x %-10s %s off, %s each = %s" % (
                row["group"].strip(), count, kind, money(discount_pence(price, pct)), money(each),
                money(each * count)))
    lines.append("Total: %s" % money(grand))
    return lines


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    for line in group_lines(argv[0]):
        print(line)


if __name__ == "__main__":
    main()
