"""Quotes."""
from .config import load_pricing


def discount_percent(sheets, tiers):
    """Percentage off for the largest tier whose min_sheets is reached."""
    best = 0
    for tier in tiers:
        if sheets >= tier["min_sheets"]:
            best = max(best, tier["percent"])
    return best


def quote(size, sheets, color=False, pricing=None):
    """Price of printing `sheets` sheets of paper size `size`."""
    if pricing is None:
        pricing = load_pricing()
    if sheets <= 0:
        raise ValueError("sheets must be positive")
    try:
        per_sheet = pricing["per_sheet"][size]
    except KeyError:
        raise ValueError("unknown paper size: %r" % (size,)) from None
    if color:
        per_sheet *= pricing["color_multiplier"]
    subtotal = per_sheet * sheets
    subtotal -= subtotal * discount_percent(sheets, pricing["bulk_discounts"]) / 100
    return round(subtotal + pricing["setup_fee"], 2)
