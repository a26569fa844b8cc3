"""Conversions between colour representations."""


def _check_rgb(rgb):
    if len(rgb) != 3 or not all(isinstance(c, int) and 0 <= c <= 255 for c in rgb):
        raise ValueError("expected three ints in 0..255, got %r" % (rgb,))


def rgb_to_hex(rgb):
    """(255, 128, 0) -> '#ff8000'"""
    _check_rgb(rgb)
    return "#%02x%02x%02x" % tuple(rgb)


def rgb_to_hsl(rgb):
    """Convert an RGB triple to (hue degrees, saturation, lightness)."""
    _check_rgb(rgb)
    r, g, b = (c / 255.0 for c in rgb)
    hi, lo = max(r, g, b), min(r, g, b)
    light = (hi + lo) / 2
    if hi == lo:
        return (0.0, 0.0, round(light, 4))
    d = hi - lo
    sat = d / (2 - hi - lo) if light > 0.5 else d / (hi + lo)
    if hi == r:
        hue = ((g - b) / d) % 6
    elif hi == g:
        hue = (b - r) / d + 2
    else:
        hue = (r - g) / d + 4
    return (round(hue * 60, 2), round(sat, 4), round(light, 4))
