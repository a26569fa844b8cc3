"""streets.csv: street,houses,minutes, in the order we walk them."""
import csv
from collections import namedtuple

Street = namedtuple("Street", "name houses minutes")

WALK_MINUTES = 4  # from the end of one street to the start of the next


def load_streets(path):
    with open(path, newline="", encoding="utf-8") as f:
        return [Street(r["street"].strip(), int(r["houses"]), int(r["minutes"])) for r in csv.DictReader(f)]


def timetable(streets, start):
    """[(street, arrival)] with times in minutes after midnight, and the finishing time."""
    t, out = start, []
    for n, s in enumerate(streets):
        if n:
            t += WALK_MINUTES
        out.append((s, t))
        t += s.minutes
    return out, t


def hhmm(minutes):
    return "%02d:%02d" % divmod(minutes, 60)


def parse_hhmm(text):
    h, m = text.split(":")
    return int(h) * 60 + int(m)
