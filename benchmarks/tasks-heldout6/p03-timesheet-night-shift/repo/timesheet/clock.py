"""Clock times and shift lengths."""


def parse_hhmm(text):
    """'07:45' -> minutes since midnight (465)."""
    try:
        hours, minutes = text.strip().split(":")
        h, m = int(hours), int(minutes)
    except ValueError:
        raise ValueError("bad time: %r" % (text,))
    if not (0 <= h <= 23 and 0 <= m <= 59):
        raise ValueError("bad time: %r" % (text,))
    return h * 60 + m


def shift_minutes(start, end, break_minutes=0):
    """Paid minutes between two HH:MM clock times, minus an unpaid break."""
    worked = parse_hhmm(end) - parse_hhmm(start)
    if break_minutes < 0:
        raise ValueError("negative break")
    return worked - break_minutes
