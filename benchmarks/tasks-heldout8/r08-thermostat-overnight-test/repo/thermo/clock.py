"""Time-of-day parsing."""


def to_minutes(text):
    """"HH:MM" -> minutes after midnight (0..1439)."""
    hours, sep, minutes = text.strip().partition(":")
    if not sep or not hours.isdigit() or not minutes.isdigit():
        raise ValueError("bad time: %r" % (text,))
    h, m = int(hours), int(minutes)
    if h > 23 or m > 59:
        raise ValueError("bad time: %r" % (text,))
    return h * 60 + m
