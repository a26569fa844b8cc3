"""Drink prices, in cents."""

PRICES = {
    "espresso": 260,
    "flat white": 385,
    "latte": 385,
    "cocoa": 340,
}


def price_of(drink):
    """Price of a drink by name, any case: 'Flat White' -> 385."""
    try:
        return PRICES[drink.strip().lower()]
    except KeyError:
        raise ValueError("not on the menu: %r" % (drink,)) from None


def format_cents(cents):
    return "%d.%02d" % divmod(cents, 100)
