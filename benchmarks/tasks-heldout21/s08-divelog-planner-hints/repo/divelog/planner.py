"""Recreational dive planning: pressure, gas and no-stop limits (air)."""

SURFACE_BAR = 1.0
BAR_PER_METRE = 0.1
DEFAULT_SAC = 20.0  # surface air consumption, litres a minute

# The club's air table: deepest depth of each row (m) -> no-stop limit (min).
NDL_TABLE = {12: 147, 15: 72, 18: 56, 21: 45, 24: 37, 27: 29, 30: 20, 33: 17, 36: 14, 39: 12, 40: 10}


def ambient_pressure(depth_m):
    """Absolute pressure in bar at this depth of sea water."""
    if depth_m < 0:
        raise ValueError("depth cannot be negative")
    return round(SURFACE_BAR + depth_m * BAR_PER_METRE, 2)


def no_stop_limit(depth_m):
    """Minutes allowed without stops, using the next deeper table row.

    None when the dive is deeper than the table (not a recreational dive).
    """
    for row_depth in sorted(NDL_TABLE):
        if depth_m <= row_depth:
            return NDL_TABLE[row_depth]
    return None


def gas_needed(depth_m, minutes, sac=DEFAULT_SAC):
    """Litres of surface gas breathed in `minutes` at `depth_m`."""
    return round(ambient_pressure(depth_m) * minutes * sac, 1)


def turn_pressure(start_bar, reserve_bar=50):
    """Rule of thirds: turn the dive when a third of the usable gas is gone."""
    usable = start_bar - reserve_bar
    if usable <= 0:
        raise ValueError("no usable gas above the reserve")
    return start_bar - usable // 3


def plan_problems(depth_m, minutes, cylinder_litres, start_bar, sac=DEFAULT_SAC):
    """Reasons a planned dive is not OK; an empty list means go."""
    problems = []
    limit = no_stop_limit(depth_m)
    if limit is None:
        problems.append("deeper than the air table")
    elif minutes > limit:
        problems.append("%d min is over the %d min no-stop limit" % (minutes, limit))
    usable_litres = (start_bar - turn_pressure(start_bar)) * cylinder_litres * 2
    if gas_needed(depth_m, minutes, sac) > usable_litres:
        problems.append("not enough gas for the rule of thirds")
    return problems


def deepest(dives):
    """The (site, depth, minutes) of the deepest dive logged, or None."""
    if not dives:
        return None
    return max(dives, key=lambda d: d[1])


def depth_by_site(dives):
    """{site: deepest depth reached there}."""
    out = {}
    for site, depth, _ in dives:
        out[site] = max(depth, out.get(site, 0.0))
    return out
