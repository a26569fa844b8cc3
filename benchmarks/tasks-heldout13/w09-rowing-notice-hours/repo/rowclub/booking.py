"""Checking and making bookings."""
from datetime import datetime, timedelta

from rowclub.rules import BOATS, MAX_HOURS, MIN_NOTICE


def parse_when(text):
    return datetime.strptime(text, "%Y-%m-%d %H:%M")


def enough_notice(start, now):
    """True when `start` is at least MIN_NOTICE away from `now`."""
    return start - now >= timedelta(days=MIN_NOTICE)


def book(boat, start, hours, now, crew):
    if boat not in BOATS:
        raise ValueError("unknown boat: %r" % (boat,))
    if crew != BOATS[boat]:
        raise ValueError("a %s needs a crew of %d" % (boat, BOATS[boat]))
    if not 1 <= hours <= MAX_HOURS:
        raise ValueError("bookings are 1 to %d hours" % MAX_HOURS)
    if not enough_notice(start, now):
        raise ValueError("bookings need at least %d days' notice" % MIN_NOTICE)
    return {"boat": boat, "start": start, "end": start + timedelta(hours=hours)}
