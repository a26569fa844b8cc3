"""Print the tickets for a file of order lines, one drink a line.

    python -m bobatea.till ORDERS
"""
import sys

from bobatea.orders import parse_order

BASE = {"small": 340, "regular": 390, "large": 450}
TOPPING = 60


def price(drink):
    """Price in pence: the size's base price plus 60p a topping."""
    return BASE[drink.size] + TOPPING * len(drink.toppings)


def ticket(n, drink):
    extras = "".join(", +" + t for t in drink.toppings)
    return "#%d %s (%s) %d%% sugar, %s%s  £%.2f" % (
        n, drink.tea, drink.size, drink.sweetness, drink.ice, extras, price(drink) / 100)


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    if len(argv) != 1:
        print("usage: python -m bobatea.till ORDERS", file=sys.stderr)
        return 2
    total = 0
    with open(argv[0], encoding="utf-8") as f:
        lines = [line for line in f if line.strip() and not line.startswith("#")]
    for n, line in enumerate(lines, start=1):
        drink = parse_order(line)
        total += price(drink)
        print(ticket(n, drink))
    print("%d drinks, £%.2f" % (len(lines), total / 100))
    return 0


if __name__ == "__main__":
    sys.exit(main())
