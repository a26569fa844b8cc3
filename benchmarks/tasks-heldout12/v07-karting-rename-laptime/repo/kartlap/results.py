"""Best laps per driver."""

from .timing import parse_lap, secs_to_str


def best_laps(laps):
    """{driver: [lap strings]} -> {driver: best lap in seconds}."""
    return {driver: min(parse_lap(t) for t in times) for driver, times in laps.items() if times}


def best_lap_line(driver, laps):
    best = min(parse_lap(t) for t in laps)
    return "%s best %s over %d laps" % (driver, secs_to_str(best), len(laps))


def fastest(laps):
    """(driver, best lap string) for the fastest driver of the night."""
    best = best_laps(laps)
    driver = min(best, key=lambda d: (best[d], d))
    return driver, secs_to_str(best[driver])
