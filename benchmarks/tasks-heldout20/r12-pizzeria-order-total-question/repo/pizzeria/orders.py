"""Order totals. All prices are in pence."""

MENU = {"margherita": 850, "pepperoni": 1050, "veggie": 975, "hawaiian": 1000,
        "garlic bread": 450, "coleslaw": 250}
PIZZAS = {"margherita", "pepperoni", "veggie", "hawaiian"}
DELIVERY = 299
FREE_DELIVERY_FROM = 2500


def two_for_one(prices):
    """Pair the pizzas from the dearest down; the second of each pair is free."""
    ordered = sorted(prices, reverse=True)
    return sum(price for i, price in enumerate(ordered) if i % 2 == 0)


def order_total(items, coupon=None, delivery=False):
    """Pence to pay for a list of menu items."""
    pizzas = [MENU[item] for item in items if item in PIZZAS]
    sides = [MENU[item] for item in items if item not in PIZZAS]
    if coupon == "TWOFOR1" and len(pizzas) >= 2:
        total = two_for_one(pizzas) + sum(sides)
    else:
        total = sum(pizzas) + sum(sides)
    if delivery and total < FREE_DELIVERY_FROM:
        total += DELIVERY
    return total
