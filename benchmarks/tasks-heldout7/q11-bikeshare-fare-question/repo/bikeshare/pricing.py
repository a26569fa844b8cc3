"""Ride fares."""
from .calendar import is_peak_day
from .plans import DAILY_CAP, GRACE_MINUTES, PLANS


def billable_minutes(minutes):
    return max(0, minutes - GRACE_MINUTES)


def blocks(minutes, block_minutes):
    """Started blocks of `block_minutes` in the billable part of a ride."""
    return -(-billable_minutes(minutes) // block_minutes)


def ride_fare(minutes, plan="casual", day=None):
    """Fare in euros for a ride of `minutes` minutes on `day` (date or ISO)."""
    try:
        p = PLANS[plan]
    except KeyError:
        raise ValueError("unknown plan: %r" % (plan,)) from None
    ride = blocks(minutes, p["block_minutes"]) * p["block_price"]
    if day is not None and is_peak_day(day):
        ride *= 1 + p["peak_surcharge"]
    return round(min(p["unlock"] + ride, DAILY_CAP), 2)
