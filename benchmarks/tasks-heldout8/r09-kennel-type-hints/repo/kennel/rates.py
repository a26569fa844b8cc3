"""Prices in cents."""

NIGHTLY = {"small": 2800, "medium": 3400, "large": 4200}
EXTRAS = {"walk": 500, "bath": 1800, "meds": 300}


def nightly_rate(size):
    try:
        return NIGHTLY[size.lower()]
    except KeyError:
        raise ValueError("unknown size: %r" % (size,)) from None


def long_stay_discount(nights):
    """Percent off the nightly total: 10% from 7 nights, 15% from 14."""
    if nights >= 14:
        return 15
    if nights >= 7:
        return 10
    return 0


def stay_cost(size, nights, extras=None):
    """Total for a stay; extras are charged once each, never discounted."""
    if nights < 1:
        raise ValueError("a stay is at least one night")
    base = nightly_rate(size) * nights
    base -= base * long_stay_discount(nights) // 100
    extra_total = sum(EXTRAS[name] for name in (extras or []))
    return base + extra_total
