"""The order book: orders.csv holds customer, item, sheets, colours,
stock and duplex (yes or no).

    python -m letterpress.orders [ORDERS]

prints each order's price and the deposit we ask for: half the price,
rounded up to whole pounds.
"""
import csv
import math
import sys

from letterpress.pricing import price_job


def read_orders(path):
    with open(path, newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def order_price(row):
    """The price of an order row in pounds."""
    return price_job(int(row["sheets"]), int(row["colours"]), row["stock"].strip(),
                     duplex=row["duplex"].strip().lower() == "yes")


def deposit(row):
    """Half the price, rounded up to whole pounds."""
    return math.ceil(order_price(row) / 2)


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    rows = read_orders(argv[0] if argv else "orders.csv")
    total = 0.0
    for row in rows:
        price = order_price(row)
        total += price
        print("%-18s %-24s £%8.2f  deposit £%d" % (row["customer"], row["item"], price, deposit(row)))
    print("%d orders, £%.2f" % (len(rows), total))
    return 0


if __name__ == "__main__":
    sys.exit(main())
