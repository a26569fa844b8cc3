"""The order book: prices each line, reports the ones it cannot take.

    python -m turnery.book orders.txt
"""
import sys

from turnery.orders import WOODS, parse_order

PENCE_PER_CM3 = 0.9


def price(order):
    """Price in pence: wood volume (as a cylinder) times the wood's rate, at least 1500p a piece."""
    volume_cm3 = 3.14159 * (order.diameter / 20) ** 2 * (order.thickness / 10)
    each = max(1500, round(volume_cm3 * PENCE_PER_CM3 * WOODS[order.wood]))
    return each * order.quantity


def main(path):
    total = 0
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            if not line.strip():
                continue
            try:
                order = parse_order(line)
            except ValueError as exc:
                print("line %d: %s" % (n, exc))
                continue
            p = price(order)
            total += p
            print("%-10s %-9s %3dx%-3d x%d  £%.2f" % (order.kind, order.wood, order.diameter,
                                                      order.thickness, order.quantity, p / 100))
    print("Total: £%.2f" % (total / 100))


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "orders.txt")
