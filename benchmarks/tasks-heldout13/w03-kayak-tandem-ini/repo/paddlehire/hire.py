"""Quotes for a group hiring boats of one type."""
from paddlehire.config import load_fleet


def boats_needed(kind, people, fleet=None):
    fleet = fleet if fleet is not None else load_fleet()
    if kind not in fleet:
        raise ValueError("no boats of type %r" % (kind,))
    if people < 1:
        raise ValueError("at least one person")
    seats = fleet[kind].seats
    return (people + seats - 1) // seats


def quote(kind, hours, people, fleet=None):
    """Price in cents for `people` in boats of `kind` for whole `hours`."""
    fleet = fleet if fleet is not None else load_fleet()
    if hours < 1:
        raise ValueError("hire is by the whole hour, at least one")
    return boats_needed(kind, people, fleet) * fleet[kind].hourly_cents * hours
