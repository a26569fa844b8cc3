"""Generating the appointment slots of one day."""

from .clock import to_minutes, to_text


def day_slots(opens, closes, length, lunch=None):
    """Start times of `length`-minute appointments between `opens` and `closes`.

    Slots follow each other back to back. A slot that would overlap the
    `lunch` break (a (start, end) pair) is moved to the end of the break.
    """
    if length <= 0:
        raise ValueError("length must be positive")
    t, end = to_minutes(opens), to_minutes(closes)
    if lunch:
        lunch_start, lunch_end = to_minutes(lunch[0]), to_minutes(lunch[1])
    slots = []
    while t + length <= end:
        if lunch and lunch_start <= t < lunch_end:
            t = lunch_end
            continue
        slots.append(to_text(t))
        t += length
    return slots
