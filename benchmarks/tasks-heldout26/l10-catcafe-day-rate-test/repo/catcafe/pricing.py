"""What a visit costs.

Visits are charged per started half hour. Children under 12 pay half,
and children under 3 come in free.
"""
BLOCK_MINUTES = 30
BLOCK_PENCE = 450   # an adult's half hour
DAY_RATE = 1800     # an adult's day ticket
CHILD_UNDER = 12
FREE_UNDER = 3


def blocks(minutes):
    """Started half hours in a visit of `minutes`."""
    if minutes < 1:
        raise ValueError("a visit lasts at least a minute")
    return -(-minutes // BLOCK_MINUTES)


def visit_price(minutes, age):
    """Pence for one visitor staying `minutes`."""
    n = blocks(minutes)
    if age < FREE_UNDER:
        return 0
    price = n * BLOCK_PENCE
    if age < CHILD_UNDER:
        price //= 2
    return price
