"""Clock-time helpers."""

MINUTES_PER_DAY = 24 * 60


def to_minutes(hhmm):
    """Minutes since midnight for a "HH:MM" string."""
    hours, _, minutes = hhmm.strip().partition(":")
    h, m = int(hours), int(minutes)
    if not (0 <= h < 24 and 0 <= m < 60):
        raise ValueError("bad clock time: %r" % (hhmm,))
    return h * 60 + m


def stay_minutes(entered, left):
    """Length of a stay in minutes; a stay may cross midnight once."""
    return (to_minutes(left) - to_minutes(entered)) % MINUTES_PER_DAY
