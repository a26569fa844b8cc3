"""Mooring fees, in pounds per season."""

RATE_PER_METRE = 42.5   # per metre of boat length
MIN_FEE = 250.0         # small boats pay at least this
PONTOON_EXTRA = 60.0    # walk-on pontoon berths cost more than swing moorings


def season_fee(length_m, pontoon=False):
    if length_m <= 0:
        raise ValueError("boat length must be positive")
    fee = max(length_m * RATE_PER_METRE, MIN_FEE)
    if pontoon:
        fee += PONTOON_EXTRA
    return fee
