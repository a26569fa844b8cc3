"""Brine arithmetic.

Fish go into brine at WATER_PER_KG litres of water per kilogram of fish.
Brine strength is given as a percentage, weight of salt per volume of
water: an 8% brine is 80 g of salt in every litre.
"""
import math

WATER_PER_KG = 2.0
MINUTES_PER_KG = {"trout": 25, "mackerel": 20, "salmon": 45, "haddock": 30, "eel": 60}


def water_litres(fish_kg):
    """Litres of water for a batch of `fish_kg` kilograms."""
    return round(fish_kg * WATER_PER_KG, 1)


def salt_grams(litres, percent):
    """Grams of salt to make `litres` of brine at `percent` strength."""
    return round(litres * percent)


def brine_minutes(fish, fish_kg):
    """Minutes in the brine, rounded up to the next 5 minutes."""
    per_kg = MINUTES_PER_KG[fish.lower()]
    return int(math.ceil(per_kg * fish_kg / 5.0) * 5)
