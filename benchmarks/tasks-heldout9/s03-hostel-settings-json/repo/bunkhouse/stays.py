"""Checking stays and pricing them."""

from .config import load_settings


def check_nights(nights, settings=None):
    """Raise ValueError unless `nights` is an allowed stay length."""
    settings = settings or load_settings()
    lo = settings["stay"]["min_nights"]
    hi = settings["stay"]["max_nights"]
    if not lo <= nights <= hi:
        raise ValueError("stays must be %d-%d nights" % (lo, hi))
    return nights


def stay_price(room, nights, late_checkout=False, settings=None):
    """Total price for `nights` in `room`, plus the late checkout fee if asked."""
    settings = settings or load_settings()
    check_nights(nights, settings)
    rooms = settings["rooms"]
    if room not in rooms:
        raise KeyError("unknown room type: %s" % room)
    total = rooms[room] * nights
    if late_checkout:
        total += settings["checkout"]["late_fee"]
    return total
