"""Unit conversions for people with imperial scales."""

GRAMS_PER_OZ = 28.3495


def grams_to_oz(grams):
    return round(grams / GRAMS_PER_OZ, 2)


def oz_to_grams(oz):
    return round(oz * GRAMS_PER_OZ, 1)
