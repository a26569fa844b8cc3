"""Ticket prices, in pence."""

PRICES = {"adult": 1450, "child": 950, "concession": 1150, "box": 1875}


def discount_pence(price_pence, percent):
    """The discount on one ticket, to the nearest penny (half a penny rounds up)."""
    return round(price_pence * percent / 100)


def ticket_after_discount(price_pence, percent):
    return price_pence - discount_pence(price_pence, percent)


def money(pence):
    return "\u00a3%d.%02d" % divmod(pence, 100)
