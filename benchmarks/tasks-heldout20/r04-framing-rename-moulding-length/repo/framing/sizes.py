"""Frame sizes. Everything is in centimetres."""

CORNER_WASTE = 6   # extra moulding per corner for the mitre cuts


def outer_size(width, height, mount=0):
    """Width and height of the picture with its mount border."""
    return width + 2 * mount, height + 2 * mount


def moulding_len(width, height, mount=0):
    """Centimetres of moulding to cut for one frame."""
    w, h = outer_size(width, height, mount)
    return 2 * (w + h) + 4 * CORNER_WASTE


def glass_area(width, height, mount=0):
    """Square centimetres of glass."""
    w, h = outer_size(width, height, mount)
    return w * h
