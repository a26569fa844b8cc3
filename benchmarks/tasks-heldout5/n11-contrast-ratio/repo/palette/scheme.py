"""Colour schemes built by rotating the hue."""
from palette.convert import hex_to_rgb, hsl_to_rgb, rgb_to_hex, rgb_to_hsl


def rotate(value, degrees):
    """The colour with its hue rotated by degrees, as '#rrggbb'."""
    h, s, l = rgb_to_hsl(hex_to_rgb(value))
    return rgb_to_hex(hsl_to_rgb((h + degrees, s, l)))


def complementary(value):
    return rotate(value, 180)


def analogous(value, spread=30):
    """The two neighbours at -spread and +spread degrees."""
    return [rotate(value, -spread), rotate(value, spread)]
