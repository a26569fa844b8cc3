"""Text printed at the exit barrier."""

from . import legacy_tariff
from .tariff import price_for

LEGACY_KIOSKS = ("K1", "K2")


def exit_ticket(plate, minutes, kiosk="G1"):
    """Exit ticket text for `plate` after a stay of `minutes`."""
    if kiosk in LEGACY_KIOSKS:
        cents = legacy_tariff.old_price_for(minutes)
    else:
        cents = price_for(minutes)
    hours, mins = divmod(minutes, 60)
    return "%s  %dh%02d  EUR %d.%02d" % (plate.upper(), hours, mins, cents // 100, cents % 100)
