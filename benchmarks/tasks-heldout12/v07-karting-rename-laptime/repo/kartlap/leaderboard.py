"""The leaderboard printed on the screen by the track."""

from . import timing
from .results import best_laps


def rows(laps):
    best = best_laps(laps)
    order = sorted(best, key=lambda d: (best[d], d))
    leader = best[order[0]] if order else 0
    return [(pos, d, best[d], best[d] - leader) for pos, d in enumerate(order, 1)]


def leaderboard(laps):
    lines = []
    for pos, driver, lap, gap in rows(laps):
        lines.append("%2d. %-10s %s %s" % (pos, driver, timing.secs_to_str(lap),
                                            timing.gap_str(round(gap, 3))))
    return "\n".join(lines)
