"""Wetsuit sizes by height."""

# (tallest height in cm, size), smallest first.
ADULT_SIZES = [(165, "XS"), (172, "S"), (178, "M"), (184, "L"), (190, "XL"), (198, "XXL")]
JUNIOR_SIZES = [(110, "J4"), (122, "J6"), (134, "J8"), (146, "J10"), (158, "J12"), (170, "J14")]

# Students of this age and under are juniors.
JUNIOR_MAX_AGE = 13


def _pick(table, height_cm):
    """The first size in `table` whose tallest height is at least height_cm."""
    for tallest, size in table:
        if height_cm <= tallest:
            return size
    return None


def wetsuit_size(height_cm, age):
    """Size to hand out to a student of this height (cm) and age."""
    if height_cm <= 0:
        raise ValueError("height must be positive")
    size = _pick(ADULT_SIZES, height_cm)
    if size is None:
        raise ValueError("no wetsuit in stock for %d cm" % height_cm)
    return size
