"""python -m rope.order ORDER.csv [--email ADDRESS] [--fax NUMBER]: an order sheet."""
import argparse
import csv

from rope.sending import email_order, fax_order, signature

PENCE_PER_METRE = {"manila": 310, "hemp": 420, "polyester": 180}


def order_lines(path):
    lines, total = [], 0
    with open(path, newline="", encoding="utf-8") as f:
        for row in csv.DictReader(f):
            fibre, metres = row["fibre"].strip().lower(), int(row["metres"])
            cost = PENCE_PER_METRE[fibre] * metres * int(row["diameter_mm"]) // 10
            total += cost
            lines.append("%-10s %3s mm %5d m  %8.2f" % (fibre, row["diameter_mm"].strip(), metres, cost / 100))
    lines.append("Total %27.2f" % (total / 100))
    lines.append(signature())
    return lines


def main(argv=None):
    ap = argparse.ArgumentParser(prog="rope.order")
    ap.add_argument("order")
    ap.add_argument("--email", metavar="ADDRESS", help="print the sheet as an email to ADDRESS")
    ap.add_argument("--fax", metavar="NUMBER", help="print the sheet as a fax to NUMBER")
    args = ap.parse_args(argv)
    lines = order_lines(args.order)
    if args.email:
        lines = email_order(lines, args.email)
    elif args.fax:
        lines = fax_order(lines, args.fax)
    for line in lines:
        print(line)


if __name__ == "__main__":
    main()
