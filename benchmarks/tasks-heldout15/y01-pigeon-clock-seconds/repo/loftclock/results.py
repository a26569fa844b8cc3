"""Race result: every clocked bird ranked by velocity, fastest first."""
from collections import namedtuple

from loftclock.clocking import flying_minutes, velocity
from loftclock.distance import to_yards

Entry = namedtuple("Entry", "fancier ring distance clocked")
Placing = namedtuple("Placing", "position fancier ring ypm")


def race_result(liberated, entries):
    """Placings for the clocked birds, fastest first."""
    speeds = []
    for e in entries:
        ypm = velocity(to_yards(e.distance), flying_minutes(liberated, e.clocked))
        speeds.append((ypm, e))
    speeds.sort(key=lambda pair: -pair[0])
    return [Placing(i, e.fancier, e.ring, ypm) for i, (ypm, e) in enumerate(speeds, 1)]


def result_sheet(liberated, entries):
    """Printable lines of the result."""
    lines = ["Liberated %s" % liberated]
    for p in race_result(liberated, entries):
        lines.append("%2d  %-12s %-12s %9.2f" % (p.position, p.fancier, p.ring, p.ypm))
    return lines
