"""Weight totals."""


def total_weight(items, include_worn=False):
    """Total weight of `items` in grams.

    Worn items (boots, clothes on your back) are left out unless
    `include_worn` is true.
    """
    return float(sum(i.weight for i in items if include_worn or not i.worn))


def base_weight(items):
    """Weight in grams of everything carried except worn items and food."""
    return float(sum(i.weight for i in items if not (i.worn or i.food)))
