"""Clock times and velocities."""


def parse_time(text):
    """'HH:MM:SS' -> (hours, minutes, seconds)."""
    parts = text.strip().split(":")
    if len(parts) != 3 or not all(p.isdigit() for p in parts):
        raise ValueError("bad clock time: %r" % (text,))
    h, m, s = (int(p) for p in parts)
    if h > 23 or m > 59 or s > 59:
        raise ValueError("bad clock time: %r" % (text,))
    return h, m, s


def _minutes(text):
    h, m, s = parse_time(text)
    return h * 60 + m + s / 100


def flying_minutes(liberated, clocked):
    """Minutes on the wing between liberation and clocking (same day)."""
    minutes = _minutes(clocked) - _minutes(liberated)
    if minutes <= 0:
        raise ValueError("clocked at %s, before liberation at %s" % (clocked, liberated))
    return minutes


def velocity(yards, minutes):
    """Yards per minute, rounded to two decimals."""
    return round(yards / minutes, 2)
