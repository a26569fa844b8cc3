"""Coffee-to-water ratios (1:16 means 16 g of water per gram of coffee)."""

DEFAULT_RATIO = 16


def water_for(coffee_g, ratio=DEFAULT_RATIO):
    """Grams of water for `coffee_g` grams of coffee."""
    return round(coffee_g * ratio, 1)


def coffee_for(water_g, ratio=DEFAULT_RATIO):
    """Grams of coffee for `water_g` grams of water."""
    return round(water_g / ratio, 1)


def strength_label(ratio):
    """'strong' below 1:15, 'balanced' up to 1:17, else 'light'."""
    if ratio < 15:
        return "strong"
    if ratio <= 17:
        return "balanced"
    return "light"
