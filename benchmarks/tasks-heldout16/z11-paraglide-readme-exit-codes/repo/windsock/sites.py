"""Launch sites and their wind limits."""

from dataclasses import dataclass


@dataclass(frozen=True)
class Site:
    name: str
    facing: int      # degrees the wind should come from
    window: int      # degrees allowed either side of `facing`
    max_wind: int    # km/h, mean wind
    max_gust: int    # km/h


SITES = {
    "ridgeway": Site("Ridgeway", 225, 30, 25, 32),
    "hollow": Site("Hollow Bank", 270, 20, 22, 28),
    "beacon": Site("Beacon Hill", 315, 35, 28, 35),
}


def get_site(name):
    key = name.strip().lower()
    if key not in SITES:
        raise KeyError(name)
    return SITES[key]


def off_direction(site, direction):
    """How many degrees the wind is away from the way the site faces."""
    diff = abs(direction - site.facing) % 360
    return min(diff, 360 - diff)
