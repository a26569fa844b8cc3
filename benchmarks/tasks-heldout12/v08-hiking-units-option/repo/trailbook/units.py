"""Unit conversions."""

KM_PER_MILE = 1.609344
METRES_PER_FOOT = 0.3048


def km_to_mi(km):
    return km / KM_PER_MILE


def m_to_ft(metres):
    return metres / METRES_PER_FOOT
