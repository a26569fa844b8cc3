"""Steaming and blocking times for the workroom.

Every panel of a hat is steamed before it goes on the block; straw and
buckram take longer than felt. Times are worked out per hat.
"""
import math

STEAM_SECS = 30   # seconds of steam per felt panel
MATERIAL_FACTOR = {"felt": 1, "sinamay": 1.5, "straw": 2, "buckram": 3}
DRY_MINUTES = {"felt": 40, "sinamay": 20, "straw": 25, "buckram": 60}


def steam_time(material, panels):
    """Seconds of steam for a hat with `panels` panels of `material`."""
    if material not in MATERIAL_FACTOR:
        raise ValueError("unknown material: %s" % material)
    if panels < 1:
        raise ValueError("a hat has at least one panel")
    return round(STEAM_SECS * MATERIAL_FACTOR[material] * panels)


def block_minutes(material, panels):
    """Minutes on the block: the steaming, rounded up to a minute, then drying."""
    return math.ceil(steam_time(material, panels) / 60) + DRY_MINUTES[material]


def mm_ss(seconds):
    """Seconds as m:ss."""
    return "%d:%02d" % divmod(int(seconds), 60)
