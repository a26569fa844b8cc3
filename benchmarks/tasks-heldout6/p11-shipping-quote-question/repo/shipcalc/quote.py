"""Price a parcel from the rate card."""
import math

from shipcalc.rates import load_rates


def billable_weight(weight_kg, step_kg, included_kg):
    """Weight rounded up to the next step, minus what the base price covers."""
    if weight_kg <= 0:
        raise ValueError("weight must be positive")
    steps = math.ceil(round(weight_kg / step_kg, 9))
    return max(0.0, steps * step_kg - included_kg)


def is_remote(postcode, rates):
    area = "".join(ch for ch in postcode.upper() if ch.isalpha())[:2]
    return area in rates["remote_postcodes"]


def quote(weight_kg, zone, postcode="", rates=None):
    rates = rates or load_rates()
    try:
        band = rates["zones"][zone]
    except KeyError:
        raise ValueError("unknown zone %r" % (zone,))
    weight = billable_weight(weight_kg, rates["weight_step_kg"], rates["included_kg"])
    price = band["base"] + weight * band["per_kg"]
    if postcode and is_remote(postcode, rates):
        price += rates["remote_fee"]
    price *= 1 + rates["fuel_surcharge_pct"] / 100.0
    return round(max(price, rates["minimum_charge"]), 2)
