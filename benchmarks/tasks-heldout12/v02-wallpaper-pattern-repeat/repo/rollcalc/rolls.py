"""Rolls of wallpaper for one wall."""

ROLL_WIDTH_CM = 53
ROLL_LENGTH_CM = 1005
TRIM_CM = 10  # allowance per drop for trimming at ceiling and skirting


def drops_for(width_cm):
    """Full-height strips needed to cover a wall `width_cm` wide."""
    if width_cm <= 0:
        raise ValueError("wall width must be positive, got %r" % (width_cm,))
    return -(-width_cm // ROLL_WIDTH_CM)


def drop_length(height_cm):
    """Length of paper cut for one drop."""
    if height_cm <= 0:
        raise ValueError("wall height must be positive, got %r" % (height_cm,))
    return height_cm + TRIM_CM


def rolls_needed(width_cm, height_cm):
    """Whole rolls needed for one wall."""
    drops = drops_for(width_cm)
    length = drop_length(height_cm)
    per_roll = ROLL_LENGTH_CM // length
    if per_roll < 1:
        raise ValueError("a %r cm drop does not fit on one roll" % (length,))
    return int(-(-drops // per_roll))
