from decimal import ROUND_HALF_UP, Decimal

ZONES = {
    "DOMESTIC": (Decimal("4.00"), Decimal("1.10")),
    "EU": (Decimal("9.00"), Decimal("2.40")),
    "WORLD": (Decimal("15.00"), Decimal("4.75")),
}


def quote(parcel, zone="DOMESTIC"):
    """Base fee plus a per-kg rate on the billable weight; fragile adds 25%."""
    try:
        base, per_kg = ZONES[zone.upper()]
    except KeyError:
        raise ValueError("unknown zone %r" % zone) from None
    price = base + per_kg * Decimal(str(parcel.billable_weight()))
    if parcel.fragile:
        price *= Decimal("1.25")
    return price.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)
