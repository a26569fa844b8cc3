"""Base ticket prices, in cents."""

ADULT = 1500
CHILD = 800
FREE_UNDER = 5        # younger than this: free
ADULT_FROM = 16       # this age and older pays the adult price
FAMILY_CAP = 3900     # two adults with two or more paying children pay at most this


def category(age):
    if age < 0:
        raise ValueError("age cannot be negative")
    if age < FREE_UNDER:
        return "free"
    if age >= ADULT_FROM:
        return "adult"
    return "child"


def base_price(ages):
    """Price for a group before any day-of-week extra."""
    cats = [category(a) for a in ages]
    adults, children = cats.count("adult"), cats.count("child")
    total = ADULT * adults + CHILD * children
    if adults == 2 and children >= 2:
        total = min(total, FAMILY_CAP)
    return total
