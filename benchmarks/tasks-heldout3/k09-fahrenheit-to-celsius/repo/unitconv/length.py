"""Length conversions."""

FEET_PER_METRE = 3.28084
METRES_PER_MILE = 1609.344


def metres_to_feet(m):
    return m * FEET_PER_METRE


def miles_to_metres(miles):
    return miles * METRES_PER_MILE
