"""Firewood volumes. Lengths in metres, volumes in cubic metres."""

STACKED_PER_LOOSE = 0.7   # a tipped load settles to about 70% when stacked


def stack_volume(length, height, depth):
    """Volume of a neat stack, to 2 decimal places."""
    for size in (length, height, depth):
        if size < 0:
            raise ValueError("stack sizes cannot be negative")
    return round(length * height * depth, 2)


def loose_to_stacked(loose_m3):
    """Stacked volume that a loose tipped load settles into."""
    return round(loose_m3 * STACKED_PER_LOOSE, 2)
