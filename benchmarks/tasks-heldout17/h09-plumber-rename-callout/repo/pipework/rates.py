"""Labour and parts rates for Drip & Sons. Money in pounds."""
import math

HOURLY = 55.0
EMERGENCY_MULTIPLIER = 1.5
MINIMUM_HOURS = 1.0
PARTS_MARKUP = 0.15


def calc_callout(hours, emergency=False):
    """Labour charge for a visit: at least an hour, then by the half hour."""
    billable = math.ceil(max(MINIMUM_HOURS, hours) * 2) / 2
    charge = billable * HOURLY
    if emergency:
        charge *= EMERGENCY_MULTIPLIER
    return round(charge, 2)


def parts_price(cost):
    """What we charge for parts that cost us `cost`."""
    return round(cost * (1 + PARTS_MARKUP), 2)
