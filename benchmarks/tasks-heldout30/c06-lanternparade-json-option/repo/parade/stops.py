"""The parade route: stop,arrive,lanterns (lanterns that join at that stop)."""
import csv
from collections import namedtuple

Stop = namedtuple("Stop", "name arrive lanterns")


def load_route(path):
    with open(path, newline="", encoding="utf-8") as f:
        return [Stop(r["stop"].strip(), r["arrive"].strip(), int(r["lanterns"])) for r in csv.DictReader(f)]


def running_totals(stops):
    """[(stop, lanterns walking after it)]."""
    total, out = 0, []
    for s in stops:
        total += s.lanterns
        out.append((s, total))
    return out
