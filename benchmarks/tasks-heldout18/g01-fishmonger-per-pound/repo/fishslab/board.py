"""Prices for the chalkboard above the fish counter."""

KG_PER_LB = 0.45359237
LB_PER_KG = 2.20462262


def per_pound(price_per_kg):
    """Price of one pound of fish, given the price of one kilogram."""
    if price_per_kg < 0:
        raise ValueError("price cannot be negative")
    return round(price_per_kg * LB_PER_KG, 2)


def per_100g(price_per_kg):
    """Price of 100 grams, for the small print on the board."""
    if price_per_kg < 0:
        raise ValueError("price cannot be negative")
    return round(price_per_kg / 10, 2)


def board_line(name, price_per_kg):
    """One chalkboard line: name, price per kg and price per lb."""
    return "%-12s %6.2f/kg %6.2f/lb" % (name, price_per_kg, per_pound(price_per_kg))


def board(catch):
    """Board lines for a dict of fish name -> price per kg, cheapest first."""
    ordered = sorted(catch.items(), key=lambda item: (item[1], item[0]))
    return [board_line(name, price) for name, price in ordered]
