"""Which slots are still free."""

from .slots import day_slots


def free_slots(booked, opens, closes, length, lunch=None):
    """Slots of the day that are not in `booked` (a list of 'HH:MM' starts)."""
    taken = set(booked)
    return [s for s in day_slots(opens, closes, length, lunch) if s not in taken]


def first_free(booked, opens, closes, length, lunch=None):
    """Earliest free slot, or None when the day is full."""
    free = free_slots(booked, opens, closes, length, lunch)
    return free[0] if free else None
