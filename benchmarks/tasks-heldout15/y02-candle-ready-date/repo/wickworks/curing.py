"""How long each wax has to cure before the candles can be sold."""

# Days from pouring until a candle of this wax has cured.
CURE_DAYS = {
    "soy": 14,
    "rapeseed": 10,
    "coconut": 7,
    "paraffin": 3,
    "beeswax": 2,
}


def known_wax(wax):
    """Is this a wax we pour?"""
    return wax in CURE_DAYS


def describe_cure(wax):
    """'soy: 14 days' for the shelf notes."""
    if not known_wax(wax):
        raise ValueError("unknown wax: %r" % (wax,))
    days = CURE_DAYS[wax]
    return "%s: %d day%s" % (wax, days, "" if days == 1 else "s")
