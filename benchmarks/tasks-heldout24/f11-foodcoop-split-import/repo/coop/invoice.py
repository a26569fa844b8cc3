"""Print what every member owes for the month.

    python -m coop.invoice ORDERS.csv
"""
import sys

from coop.catalogue import PRICES
from coop.orders import grand_total, import_orders


def money(pence):
    return "£%d.%02d" % divmod(pence, 100)


def invoice_lines(orders):
    lines = []
    for member, order in orders.items():
        lines.append(member)
        for item, qty in order["items"].items():
            lines.append("  %-20s %3d %-6s" % (item, qty, PRICES[item][1]))
        if order["discount"]:
            lines.append("  discount %s" % money(order["discount"]))
        lines.append("  owes %s" % money(order["total"]))
    lines.append("Order total %s" % money(grand_total(orders)))
    return lines


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    if len(argv) != 1:
        print("usage: python -m coop.invoice ORDERS.csv", file=sys.stderr)
        return 2
    try:
        orders = import_orders(argv[0])
    except ValueError as exc:
        print("error: %s" % exc, file=sys.stderr)
        return 1
    print("\n".join(invoice_lines(orders)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
