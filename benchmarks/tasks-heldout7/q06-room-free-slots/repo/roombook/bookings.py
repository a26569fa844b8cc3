"""Bookings and clashes."""
import json
from collections import namedtuple

from .timeutil import to_minutes

Booking = namedtuple("Booking", "room start end who")


def load_bookings(path):
    """Bookings from a JSON file holding a list of objects."""
    with open(path, encoding="utf-8") as fh:
        rows = json.load(fh)
    bookings = [Booking(r["room"], r["start"], r["end"], r.get("who", "")) for r in rows]
    for b in bookings:
        if to_minutes(b.end) <= to_minutes(b.start):
            raise ValueError("booking ends before it starts: %r" % (b,))
    return bookings


def for_room(bookings, room):
    """The bookings of `room`, earliest first."""
    return sorted((b for b in bookings if b.room == room),
                  key=lambda b: (to_minutes(b.start), to_minutes(b.end)))


def overlaps(a, b):
    return to_minutes(a.start) < to_minutes(b.end) and to_minutes(b.start) < to_minutes(a.end)


def conflicts(bookings):
    """Pairs of bookings that overlap in the same room."""
    pairs = []
    for room in sorted({b.room for b in bookings}):
        mine = for_room(bookings, room)
        for i, a in enumerate(mine):
            pairs.extend((a, b) for b in mine[i + 1:] if overlaps(a, b))
    return pairs
