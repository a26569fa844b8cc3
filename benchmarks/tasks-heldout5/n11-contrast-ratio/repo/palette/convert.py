"""Conversions between hex strings, RGB tuples and HSL tuples."""
import colorsys


def hex_to_rgb(value):
    """'#1e90ff', '1E90FF' or '#fa0' -> (r, g, b) with 0-255 ints."""
    h = value.strip().lstrip("#")
    if len(h) == 3:
        h = "".join(c * 2 for c in h)
    if len(h) != 6:
        raise ValueError("not a hex colour: %r" % value)
    return tuple(int(h[i:i + 2], 16) for i in (0, 2, 4))


def rgb_to_hex(rgb):
    """(30, 144, 255) -> '#1e90ff'; channels are clamped to 0-255."""
    return "#" + "".join("%02x" % max(0, min(255, int(round(c)))) for c in rgb)


def rgb_to_hsl(rgb):
    """(r, g, b) -> (hue degrees 0-360, saturation 0-1, lightness 0-1)."""
    r, g, b = (c / 255.0 for c in rgb)
    h, l, s = colorsys.rgb_to_hls(r, g, b)
    return (h * 360.0, s, l)


def hsl_to_rgb(hsl):
    """(hue degrees, saturation, lightness) -> (r, g, b) 0-255 ints."""
    h, s, l = hsl
    r, g, b = colorsys.hls_to_rgb((h % 360) / 360.0, l, s)
    return tuple(int(round(c * 255)) for c in (r, g, b))
