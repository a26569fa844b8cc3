"""Which tubs are out when.

A booking is (tub id, model, first night, nights). A tub can go out again
the day after its last night (we collect in the morning and clean it the
same day).
"""
from collections import namedtuple
from datetime import timedelta

Booking = namedtuple("Booking", "tub model start nights")


def last_night(b):
    return b.start + timedelta(days=b.nights - 1)


def overlaps(a, b):
    return a.tub == b.tub and a.start <= last_night(b) and b.start <= last_night(a)


def free_tubs(bookings, fleet, model, start, nights):
    """Tub ids of `model` in `fleet` ({tub id: model}) free for the whole hire."""
    wanted = Booking(None, model, start, nights)
    busy = {b.tub for b in bookings
            if b.start <= last_night(wanted) and start <= last_night(b)}
    return sorted(t for t, m in fleet.items() if m == model and t not in busy)


def check_clash(bookings, new):
    for b in bookings:
        if overlaps(b, new):
            raise ValueError("tub %s is already out from %s" % (b.tub, b.start.isoformat()))
