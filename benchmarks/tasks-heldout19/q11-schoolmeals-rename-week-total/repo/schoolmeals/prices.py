"""School canteen prices, in pence."""

MEALS = {"hot": 245, "jacket": 210, "pasta": 225, "sandwich": 190, "soup": 160}
SIBLING_OFF = 20   # pence off each meal for the second and later children


def price(meal, sibling=False):
    if meal not in MEALS:
        raise ValueError("unknown meal %r" % (meal,))
    return MEALS[meal] - (SIBLING_OFF if sibling else 0)


def tot(choices, sibling=False, free=False):
    """Total for a week of meal choices, one per school day."""
    if len(choices) > 5:
        raise ValueError("a school week has five days")
    if free:
        return 0
    return sum(price(meal, sibling) for meal in choices)
