"""Plate colours and prices (pence)."""

PRICES = {"white": 150, "green": 220, "red": 300, "gold": 450, "black": 600}

# Happy hour: from 15:00 up to (not including) 17:00, white and green
# plates are 20% cheaper.
HAPPY_HOUR = ("15:00", "17:00")
HAPPY_COLOURS = ("white", "green")
HAPPY_DISCOUNT_PERCENT = 20


def normalise(colour):
    return colour.strip().lower()


def plate_price(colour):
    """Full price of one plate of `colour`, in pence."""
    key = normalise(colour)
    if key not in PRICES:
        raise ValueError("no such plate colour: %r" % (colour,))
    return PRICES[key]


def pounds(pence):
    """1234 -> '12.34'."""
    return "%d.%02d" % divmod(pence, 100)
