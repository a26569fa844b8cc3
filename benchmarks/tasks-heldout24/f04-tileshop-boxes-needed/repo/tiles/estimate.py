"""Working out what a customer needs for a job.

Areas are in square metres. Rooms are given as (width, length) in metres.
"""
import math

ADHESIVE_BAG_M2 = 4.0   # one 20 kg bag of adhesive covers about 4 m2
GROUT_KG_PER_M2 = 0.3


def floor_area(rooms):
    """Total area of rectangular rooms, each (width_m, length_m)."""
    total = 0.0
    for width, length in rooms:
        if width <= 0 or length <= 0:
            raise ValueError("room sizes must be positive: %r x %r" % (width, length))
        total += width * length
    return total


def adhesive_bags(area):
    """Whole bags of adhesive for `area` square metres."""
    if area <= 0:
        raise ValueError("area must be positive")
    return math.ceil(area / ADHESIVE_BAG_M2)


def grout_kg(area):
    """Grout in kilograms, to the nearest half kilo."""
    if area <= 0:
        raise ValueError("area must be positive")
    return round(area * GROUT_KG_PER_M2 * 2) / 2
