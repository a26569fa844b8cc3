"""What a delivery costs, in pence."""
import math

BASE = 450                 # covers the first INCLUDED_KM
INCLUDED_KM = 3
PER_KM = 120               # each started kilometre after that
PARCEL_EXTRA = 150         # each parcel after the first
ZONE_SURCHARGE = {"A": 0, "B": 100, "C": 250}
RUSH_MULTIPLIER = 1.5      # on the ride only, not on the extras
CARGO_BIKE_FROM_KG = 15    # this weight and over goes on the cargo bike
CARGO_BIKE_FEE = 400
ACCOUNT_DISCOUNT_PERCENT = 10


def ride_price(distance_km, rush=False):
    """The riding part: base fare plus every started km beyond the included ones."""
    if distance_km <= 0:
        raise ValueError("distance must be positive")
    extra_km = max(0, math.ceil(distance_km - INCLUDED_KM))
    price = BASE + PER_KM * extra_km
    if rush:
        price = round(price * RUSH_MULTIPLIER)
    return price


def extras(parcels=1, zone="A", weight_kg=0):
    if parcels < 1:
        raise ValueError("at least one parcel")
    if zone not in ZONE_SURCHARGE:
        raise ValueError("unknown zone %r" % zone)
    price = PARCEL_EXTRA * (parcels - 1) + ZONE_SURCHARGE[zone]
    if weight_kg >= CARGO_BIKE_FROM_KG:
        price += CARGO_BIKE_FEE
    return price


def quote(distance_km, parcels=1, zone="A", rush=False, weight_kg=0, account=False):
    """Price of one delivery job."""
    total = ride_price(distance_km, rush) + extras(parcels, zone, weight_kg)
    if account:
        total -= total * ACCOUNT_DISCOUNT_PERCENT // 100
    return total
