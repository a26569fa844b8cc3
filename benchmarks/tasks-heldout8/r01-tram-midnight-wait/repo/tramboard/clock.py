"""Clock arithmetic on "HH:MM" strings."""

MINUTES_PER_DAY = 24 * 60


def parse_hhmm(text):
    """Return minutes after midnight for a "HH:MM" string."""
    hours, _, minutes = text.strip().partition(":")
    h, m = int(hours), int(minutes)
    if not (0 <= h < 24 and 0 <= m < 60):
        raise ValueError("not a time of day: %r" % (text,))
    return h * 60 + m


def format_hhmm(minutes):
    """Inverse of parse_hhmm; wraps values outside a single day."""
    minutes %= MINUTES_PER_DAY
    return "%02d:%02d" % divmod(minutes, 60)


def minutes_until(now, departure):
    """Minutes to wait at `now` for the tram leaving at `departure`."""
    return parse_hhmm(departure) - parse_hhmm(now)
