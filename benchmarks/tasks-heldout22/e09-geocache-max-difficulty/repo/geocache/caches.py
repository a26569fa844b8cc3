"""Read the group's cache list (CSV) and pick and order caches."""
import csv
import io
from collections import namedtuple
from datetime import date

TYPES = ("traditional", "multi", "mystery", "letterbox", "earthcache")
RATINGS = [x / 2 for x in range(2, 11)]   # 1, 1.5, ... 5

Cache = namedtuple("Cache", "code name kind difficulty terrain hidden owner")


def _rating(text, what, code):
    value = float(text)
    if value not in RATINGS:
        raise ValueError("%s: %s must be 1 to 5 in half steps, not %r" % (code, what, text))
    return value


def parse_caches(text):
    caches = []
    for row in csv.DictReader(io.StringIO(text)):
        code = row["code"].strip().upper()
        kind = row["type"].strip().lower()
        if kind not in TYPES:
            raise ValueError("%s: unknown cache type %r" % (code, row["type"]))
        caches.append(Cache(code, row["name"].strip(), kind, _rating(row["difficulty"], "difficulty", code),
                            _rating(row["terrain"], "terrain", code), date.fromisoformat(row["hidden"].strip()),
                            row["owner"].strip()))
    return caches


def load(path):
    with open(path, encoding="utf-8", newline="") as fh:
        return parse_caches(fh.read())


def of_type(caches, kind):
    return [c for c in caches if c.kind == kind.lower()]


def ordered(caches, by="code"):
    keys = {
        "code": lambda c: c.code,
        "name": lambda c: c.name.lower(),
        "difficulty": lambda c: (c.difficulty, c.terrain, c.code),
        "newest": lambda c: (-c.hidden.toordinal(), c.code),
    }
    return sorted(caches, key=keys[by])


def rating_text(value):
    return "%g" % value


def line(cache):
    return "%-8s %-11s D%-3s T%-3s %-28s %s (%s)" % (
        cache.code, cache.kind, rating_text(cache.difficulty), rating_text(cache.terrain), cache.name,
        cache.hidden.isoformat(), cache.owner)
