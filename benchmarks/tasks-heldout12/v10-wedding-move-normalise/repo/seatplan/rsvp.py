"""Matching RSVP replies to the guest list."""

from .guests import normalise_name


def match_reply(guests, reply_name):
    """The guest a reply is from, or None."""
    wanted = normalise_name(reply_name)
    for guest in guests:
        if guest.name == wanted:
            return guest
    return None


def missing_replies(guests, replies):
    answered = {normalise_name(r) for r in replies}
    return [g.name for g in guests if g.name not in answered]
