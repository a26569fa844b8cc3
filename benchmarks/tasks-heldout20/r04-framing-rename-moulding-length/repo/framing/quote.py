"""Prices for framing a picture."""
from framing.sizes import glass_area, moulding_len

MOULDINGS = {"black": 0.30, "oak": 0.45, "gilt": 0.80}   # pounds a centimetre
GLASS = 0.004      # pounds a square centimetre
MOUNT = 6.50       # pounds for a mount of any width
LABOUR = 12.00


def quote(width, height, moulding="black", mount=0):
    """Price in pounds for framing a width x height picture."""
    price = moulding_len(width, height, mount) * MOULDINGS[moulding]
    price += glass_area(width, height, mount) * GLASS + LABOUR
    if mount:
        price += MOUNT
    return round(price, 2)


def quote_line(width, height, moulding="black", mount=0):
    metres = moulding_len(width, height, mount) / 100
    return "%dx%d cm, %s, %.2f m of moulding: %.2f" % (
        width, height, moulding, metres, quote(width, height, moulding, mount))
