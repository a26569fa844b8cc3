"""What we hire out, and the day rates (pence)."""

DAY_RATES = {
    "jungle castle": 9500,
    "pirate ship": 12000,
    "mini dome": 6000,
    "foam pit": 7000,
    "generator": 2500,
}

# Items that cost their full day rate on every day of a hire (fuel, wear).
FULL_RATE_EVERY_DAY = {"generator"}


def item_key(name):
    key = " ".join(name.lower().split())
    if key not in DAY_RATES:
        raise ValueError("we do not hire out %r" % (name,))
    return key


def day_rate(name):
    return DAY_RATES[item_key(name)]
