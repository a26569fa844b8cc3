"""Per-day summaries of readings."""
from collections import defaultdict

from weatherlog import utils


def daily_means(readings, key="temp"):
    by_day = defaultdict(list)
    for r in readings:
        if key in r:
            by_day[r["time"].date().isoformat()].append(r[key])
    return {day: utils.mean_of(vals) for day, vals in sorted(by_day.items())}
