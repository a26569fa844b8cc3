"""python -m pies.order POSTCODE PIE=QTY ...: price an order with delivery."""
import sys

from pies import config
from pies.constants import PIE_PENCE


def delivery_charge(subtotal, postcode):
    if postcode.split()[0].upper() not in config.DELIVERY_POSTCODES:
        raise ValueError("we don't deliver to %s" % postcode)
    return 0 if subtotal >= config.FREE_DELIVERY_PENCE else config.DELIVERY_PENCE


def price(items):
    return sum(PIE_PENCE[name.replace("-", " ").lower()] * qty for name, qty in items)


def main(argv=None):
    args = sys.argv[1:] if argv is None else argv
    postcode, items = args[0], [(a.split("=")[0], int(a.split("=")[1])) for a in args[1:]]
    sub = price(items)
    try:
        fee = delivery_charge(sub, postcode)
    except ValueError as exc:
        print(exc)
        return 1
    print("Pies \u00a3%.2f, delivery \u00a3%.2f, total \u00a3%.2f" % (sub / 100, fee / 100, (sub + fee) / 100))
    return 0


if __name__ == "__main__":
    sys.exit(main())
