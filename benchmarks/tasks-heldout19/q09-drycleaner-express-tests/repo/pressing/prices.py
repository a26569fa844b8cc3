"""Dry-cleaning prices, in pence."""

PRICES = {"shirt": 350, "trousers": 650, "skirt": 600, "suit": 1400,
          "dress": 1200, "coat": 1600, "duvet": 2200}
EXPRESS_RATE = 0.5       # same-day service costs half as much again...
EXPRESS_MINIMUM = 300    # ...but never less than 3.00 extra


def item_price(item):
    try:
        return PRICES[item]
    except KeyError:
        raise ValueError("we don't clean %r" % (item,)) from None


def express_surcharge(subtotal):
    return max(round(subtotal * EXPRESS_RATE), EXPRESS_MINIMUM)


def quote(items, express=False):
    """Total in pence for a bag of items, with the express surcharge if asked."""
    subtotal = sum(item_price(item) for item in items)
    if express and subtotal:
        return subtotal + express_surcharge(subtotal)
    return subtotal


def ticket(items, express=False):
    pence = quote(items, express)
    kind = "EXPRESS" if express else "standard"
    return "%d items, %s: %d.%02d" % (len(items), kind, pence // 100, pence % 100)
