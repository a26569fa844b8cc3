"""Jump session prices, in pence."""

PRICES = {60: 1200, 90: 1600, 120: 1900}   # session length in minutes -> price
FREE_UNDER = 2     # under-2s jump free with a paying adult
HALF_UNDER = 6     # under-6s pay half, rounded down to the penny


def session_price(minutes, age):
    if minutes not in PRICES:
        raise ValueError("no %d-minute sessions" % minutes)
    if age < FREE_UNDER:
        return 0
    if age < HALF_UNDER:
        return PRICES[minutes] // 2
    return PRICES[minutes]


def group_total(ages, minutes):
    """What a group of jumpers (given by their ages) pays for one session."""
    return sum(session_price(minutes, age) for age in ages)


def receipt(ages, minutes):
    total = group_total(ages, minutes)
    return "%d jumpers, %d minutes: %d.%02d" % (len(ages), minutes, total // 100, total % 100)
