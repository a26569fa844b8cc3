"""Snack bar prices."""

SNACK_VAT = 20
SNACKS = {"popcorn": 420, "nachos": 510, "cola": 290, "water": 150, "ice cream": 375}
SIZE_SURCHARGE = {"small": -60, "regular": 0, "large": 95}


def snack_price(item, size="regular", vat_rate=SNACK_VAT):
    """Gross price of one snack in cents."""
    net = SNACKS[item] + SIZE_SURCHARGE[size]
    return (net * (100 + vat_rate) + 50) // 100


def combo_price(items, vat_rate=SNACK_VAT):
    """Regular-size items bought together: 10% off the net total."""
    net = sum(SNACKS[item] for item in items) * 90 // 100
    return (net * (100 + vat_rate) + 50) // 100
