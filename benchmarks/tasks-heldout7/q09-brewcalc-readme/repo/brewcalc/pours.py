"""Bloom and pour targets for the scale."""
from .ratio import DEFAULT_RATIO, water_for


def bloom_water(coffee_g, factor=2.0):
    """Water for the bloom pour, in whole grams."""
    return round(coffee_g * factor)


def pour_schedule(coffee_g, ratio=DEFAULT_RATIO, pours=3, bloom_factor=2.0):
    """Cumulative scale readings: the bloom, then `pours` equal pours."""
    if pours < 1:
        raise ValueError("need at least one pour after the bloom")
    total = water_for(coffee_g, ratio)
    bloom = bloom_water(coffee_g, bloom_factor)
    step = (total - bloom) / pours
    return [bloom] + [round(bloom + step * i) for i in range(1, pours + 1)]
