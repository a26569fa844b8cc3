"""Who is on the mat: bookings and waiting lists for club sessions.

A session is either "senior" or "junior". Each kind has a mat limit; once a
session is full, anyone else who books goes on its waiting list and moves
up when somebody cancels.
"""
from dataclasses import dataclass, field

SENIOR_LIMIT = 24
JUNIOR_LIMIT = 16
KINDS = ("senior", "junior")


class SessionFull(Exception):
    """Raised by book(..., wait=False) when the mat is full."""


@dataclass
class Session:
    day: str
    start: str
    kind: str = "senior"
    booked: list = field(default_factory=list)
    waiting: list = field(default_factory=list)

    def __post_init__(self):
        if self.kind not in KINDS:
            raise ValueError("unknown session kind %r" % self.kind)


def limit(session):
    """How many judoka the mat takes for this session."""
    return SENIOR_LIMIT if session.kind == "senior" else JUNIOR_LIMIT


def spaces_left(session):
    return max(0, limit(session) - len(session.booked))


def is_full(session):
    return spaces_left(session) == 0


def book(session, name, wait=True):
    """Book `name` in. Returns "booked", or the place on the waiting list
    (1 for first in line) when the session is full."""
    if name in session.booked or name in session.waiting:
        raise ValueError("%s is already booked for %s %s" % (name, session.day, session.start))
    if not is_full(session):
        session.booked.append(name)
        return "booked"
    if not wait:
        if session.kind == "senior":
            raise SessionFull("the mat is full (24 judoka) for %s %s" % (session.day, session.start))
        raise SessionFull("the mat is full (16 juniors) for %s %s" % (session.day, session.start))
    session.waiting.append(name)
    return len(session.waiting)


def cancel(session, name):
    """Remove `name`; the first on the waiting list takes the place.
    Returns the name of whoever moved up, or None."""
    if name in session.waiting:
        session.waiting.remove(name)
        return None
    session.booked.remove(name)
    if session.waiting and not is_full(session):
        moved = session.waiting.pop(0)
        session.booked.append(moved)
        return moved
    return None
