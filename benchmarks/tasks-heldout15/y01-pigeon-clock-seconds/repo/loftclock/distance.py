"""Loft distances, written as miles and yards ("87m 1204y")."""
import re

YARDS_PER_MILE = 1760

_DISTANCE = re.compile(r"^\s*(\d+)\s*m\s+(\d+)\s*y\s*$", re.IGNORECASE)


def to_yards(text):
    """Total yards for a distance such as '87m 1204y'."""
    m = _DISTANCE.match(text)
    if not m:
        raise ValueError("bad loft distance: %r" % (text,))
    miles, yards = int(m.group(1)), int(m.group(2))
    if yards >= YARDS_PER_MILE:
        raise ValueError("yards must be under %d: %r" % (YARDS_PER_MILE, text))
    return miles * YARDS_PER_MILE + yards


def describe(yards):
    """The inverse of to_yards: 154324 -> '87m 1204y'."""
    return "%dm %dy" % divmod(yards, YARDS_PER_MILE)
