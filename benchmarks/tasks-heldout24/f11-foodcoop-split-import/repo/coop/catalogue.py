"""What the co-op buys in bulk: price per unit in pence, and the unit."""

PRICES = {
    "oats": (180, "kg"),
    "red lentils": (260, "kg"),
    "brown rice": (230, "kg"),
    "olive oil": (1150, "litre"),
    "peanut butter": (640, "kg"),
    "chickpeas": (240, "kg"),
    "eco washing liquid": (410, "litre"),
}

MEMBER_DISCOUNT = 5   # per cent off orders of MEMBER_DISCOUNT_FROM pence or more
MEMBER_DISCOUNT_FROM = 5000


def price_of(item):
    try:
        return PRICES[item][0]
    except KeyError:
        raise ValueError("no price for %r" % item) from None
