"""Print a table's bill.

    python -m ramen.table ORDER [--split N] [--no-service]

The order file has one item a line; "2 x gyoza" orders two.
"""
import argparse
import sys

from ramen.bill import bill_total, service_charge, split_bill, subtotal


def read_order(path):
    items = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.strip().lower()
            if not line or line.startswith("#"):
                continue
            count, sep, name = line.partition(" x ")
            if sep and count.isdigit():
                items += [name.strip()] * int(count)
            else:
                items.append(line)
    return items


def pounds(pence):
    return "£%d.%02d" % divmod(pence, 100)


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m ramen.table")
    parser.add_argument("order")
    parser.add_argument("--split", type=int, default=1, metavar="N")
    parser.add_argument("--no-service", action="store_true")
    args = parser.parse_args(argv)
    items = read_order(args.order)
    print("%d items  %s" % (len(items), pounds(subtotal(items))))
    if not args.no_service:
        print("Service 12.5%%  %s" % pounds(service_charge(subtotal(items))))
    total = bill_total(items, service=not args.no_service)
    print("Total  %s" % pounds(total))
    if args.split > 1:
        for n, share in enumerate(split_bill(total, args.split), start=1):
            print("  diner %d pays %s" % (n, pounds(share)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
