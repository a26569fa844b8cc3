"""Deciding GO, MARGINAL or NO-FLY."""

from windsock.sites import off_direction

GUST_FACTOR_LIMIT = 10   # km/h between mean and gust before it counts as gusty


def assess(site, speed, gust, direction):
    """(verdict, reason) for the wind at a site."""
    off = off_direction(site, direction)
    if off > site.window:
        return "NO-FLY", "wind is %d degrees off the slope" % off
    if speed > site.max_wind:
        return "NO-FLY", "mean wind %d km/h is over %d" % (speed, site.max_wind)
    if gust > site.max_gust:
        return "NO-FLY", "gusts of %d km/h are over %d" % (gust, site.max_gust)
    if gust - speed > GUST_FACTOR_LIMIT:
        return "MARGINAL", "gusty: %d km/h between mean and gust" % (gust - speed)
    if speed > site.max_wind - 5 or off > site.window * 2 // 3:
        return "MARGINAL", "near the site's limits"
    return "GO", "inside the site's limits"
