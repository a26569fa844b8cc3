"""Season league: each swimmer's best three swims at a distance.

    python -m swimclub.league results.csv "1 mile"
"""
import sys

from swimclub.records import parse_time, read_results
from swimclub.times import format_time

SWIMS_COUNTED = 3


def league(results, distance, cutoff=None):
    """[(swimmer, total of best three, swims)] fastest first; swimmers with
    fewer than three swims are left out. `cutoff` ("M:SS") drops slower swims."""
    limit = parse_time(cutoff) if cutoff else None
    swims = {}
    for _, swimmer, dist, secs in results:
        if dist == distance and (limit is None or secs <= limit):
            swims.setdefault(swimmer, []).append(secs)
    table = [(name, sum(sorted(t)[:SWIMS_COUNTED]), len(t)) for name, t in swims.items() if len(t) >= SWIMS_COUNTED]
    return sorted(table, key=lambda row: (row[1], row[0]))


if __name__ == "__main__":
    cutoff = sys.argv[3] if len(sys.argv) > 3 else None
    for place, (name, total, n) in enumerate(league(read_results(sys.argv[1]), sys.argv[2], cutoff), 1):
        print("%2d. %-18s %10s  (%d swims)" % (place, name, format_time(total), n))
