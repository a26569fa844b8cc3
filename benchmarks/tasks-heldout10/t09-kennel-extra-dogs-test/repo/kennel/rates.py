"""Prices."""

NIGHTLY = {"small": 24.0, "medium": 30.0, "large": 38.0}

# Stays of at least this many nights get the long-stay discount.
LONG_STAY_NIGHTS = 7
LONG_STAY_DISCOUNT = 0.10

# Every dog after the first in the same booking pays this share of the rate.
EXTRA_DOG_SHARE = 0.80


def nightly_rate(size):
    try:
        return NIGHTLY[size]
    except KeyError:
        raise ValueError("unknown size: %r" % (size,))
