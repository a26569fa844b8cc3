"""Tank capacities and fill levels."""

TANKS = {"T1": 1200, "T2": 1200, "T3": 2500, "B1": 225}


def fits(tank, litres):
    return litres <= TANKS[tank]


def smallest_tank_for(litres):
    """Name of the smallest tank that holds `litres`, or None."""
    ok = [(cap, name) for name, cap in TANKS.items() if cap >= litres]
    return min(ok)[1] if ok else None
