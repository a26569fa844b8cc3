"""Which sites a flight can launch from."""
from skyride.sites import load_sites


def can_launch(site, wind_knots, basket, slot):
    """May this basket launch here in this slot and wind?"""
    return (wind_knots <= site.max_wind_knots and basket in site.baskets
            and slot in site.slots)


def launch_options(wind_knots, basket, slot, sites=None):
    """Names of the sites a flight could use, in file order."""
    if sites is None:
        sites = load_sites()
    return [s.name for s in sites.values() if can_launch(s, wind_knots, basket, slot)]


def briefing(site):
    """One line for the pilots' board."""
    return "%s: up to %d kn, %s basket, %s, %dh notice" % (
        site.name, site.max_wind_knots, "/".join(site.baskets), "/".join(site.slots),
        site.notice_hours)
