"""Clock times as minutes since midnight."""


def to_minutes(hhmm):
    """'09:30' -> 570."""
    hours, sep, minutes = hhmm.partition(":")
    if not sep:
        raise ValueError("expected HH:MM, got %r" % (hhmm,))
    h, m = int(hours), int(minutes)
    if not (0 <= h <= 24 and 0 <= m < 60) or (h == 24 and m):
        raise ValueError("bad time: %r" % (hhmm,))
    return h * 60 + m


def to_hhmm(minutes):
    """570 -> '09:30'."""
    return "%02d:%02d" % divmod(int(minutes), 60)
