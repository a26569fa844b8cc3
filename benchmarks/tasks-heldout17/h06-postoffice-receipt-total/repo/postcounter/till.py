"""Receipts for the post office counter. Prices are in pence."""


def money(pence):
    """165 -> '1.65'"""
    return "%d.%02d" % divmod(pence, 100)


def receipt(basket):
    """Receipt lines for a basket of (description, quantity, unit price)."""
    lines = []
    count = 0
    total = 0
    for desc, qty, unit in basket:
        cost = qty * unit
        lines.append("%-22s %2d x %6s %7s" % (desc, qty, money(unit), money(cost)))
        count += qty
        total += cost
    lines.append("Items: %s  Total: %s" % (money(total), count))
    return lines
