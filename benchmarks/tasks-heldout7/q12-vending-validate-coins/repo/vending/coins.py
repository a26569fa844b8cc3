"""Coins the machine understands. Values are in cents."""

ACCEPTED = (5, 10, 20, 50, 100, 200)
MAX_COINS = 20


def coin_name(cents):
    """200 -> '2 EUR', 50 -> '50c'."""
    if cents >= 100:
        return "%d EUR" % (cents // 100)
    return "%dc" % cents
