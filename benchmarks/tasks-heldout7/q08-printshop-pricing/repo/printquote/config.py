"""Loading the pricing table."""
import json
import os

DEFAULT_PATH = os.path.join(os.path.dirname(__file__), "pricing.json")
REQUIRED = ("currency", "setup_fee", "color_multiplier", "per_sheet", "bulk_discounts")


def load_pricing(path=None):
    """The pricing table as a dict (the bundled pricing.json by default)."""
    with open(path or DEFAULT_PATH, encoding="utf-8") as fh:
        pricing = json.load(fh)
    missing = [key for key in REQUIRED if key not in pricing]
    if missing:
        raise ValueError("pricing is missing: %s" % ", ".join(missing))
    return pricing
