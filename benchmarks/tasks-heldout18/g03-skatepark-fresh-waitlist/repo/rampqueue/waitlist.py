"""Waiting lists for the skatepark's bowl sessions."""

MAX_WAITING = 10


def join(name, waiting=[]):
    """Add a rider to a waiting list and return the list.

    With no list given, a new waiting list is started. A rider already
    waiting keeps their place.
    """
    if not name.strip():
        raise ValueError("a rider needs a name")
    if name in waiting:
        return waiting
    if len(waiting) >= MAX_WAITING:
        raise ValueError("the waiting list is full")
    waiting.append(name)
    return waiting


def next_rider(waiting):
    """Remove and return the first rider waiting, or None if nobody is."""
    return waiting.pop(0) if waiting else None
