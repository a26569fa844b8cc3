"""Lines for the weekly letter home."""
from schoolmeals.prices import tot

DAYS = ["Mon", "Tue", "Wed", "Thu", "Fri"]


def letter_line(child, choices, sibling=False, free=False):
    days = ", ".join("%s %s" % (d, meal) for d, meal in zip(DAYS, choices))
    pence = tot(choices, sibling=sibling, free=free)
    return "%s: %s - %d.%02d" % (child, days or "no meals", pence // 100, pence % 100)


def family_total(children):
    """children: [(name, choices)]; the second and later children pay the sibling price."""
    return sum(tot(choices, sibling=i > 0) for i, (_, choices) in enumerate(children))
