"""The round book: one customer a line, for example
Mrs Patel, semi, 2, 0 2 4, 2024-08-12 2024-08-14
(name, milk, pints, delivery weekdays with Monday 0, optional paused dates)."""
from milkround.orders import PRICES, Order, deliveries


def load(text):
    orders = []
    for line in text.splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        name, milk, pints, days, *rest = [f.strip() for f in line.split(",")]
        paused = rest[0].split() if rest else []
        orders.append(Order(name, milk, int(pints), [int(d) for d in days.split()], paused))
    return orders


def month_bill(order, year, month):
    """Pence owed for the month."""
    return len(deliveries(order, year, month)) * order.pints * PRICES[order.milk]


def statement(orders, year, month):
    return ["%s: %.2f" % (o.customer, month_bill(o, year, month) / 100) for o in orders]
