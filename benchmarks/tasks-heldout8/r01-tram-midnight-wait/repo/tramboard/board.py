"""Build the lines shown on the stop display."""

from .clock import minutes_until


def next_departures(now, timetable, limit=3):
    """The next `limit` departures as (time, wait in minutes), soonest first."""
    waits = [(minutes_until(now, dep), dep) for dep in timetable]
    waits.sort()
    return [(dep, wait) for wait, dep in waits[:limit]]


def render(now, timetable, limit=3):
    """Text for the display, one departure per line."""
    lines = []
    for dep, wait in next_departures(now, timetable, limit):
        if wait == 0:
            lines.append("%s  now" % dep)
        else:
            lines.append("%s  %d min" % (dep, wait))
    return "\n".join(lines)
