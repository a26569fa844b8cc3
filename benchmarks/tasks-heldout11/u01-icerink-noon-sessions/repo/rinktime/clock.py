"""12-hour clock helpers for the rink timetable."""

import re

_PATTERN = re.compile(r"^\s*(\d{1,2}):(\d{2})\s*([ap])\.?m\.?\s*$", re.IGNORECASE)

MINUTES_PER_DAY = 24 * 60


def parse_time(text):
    """Turn a 12-hour time such as '7:45 pm' into minutes after midnight (1185)."""
    m = _PATTERN.match(text)
    if not m:
        raise ValueError("not a 12-hour time: %r" % (text,))
    hour, minute, half = int(m.group(1)), int(m.group(2)), m.group(3).lower()
    if not 1 <= hour <= 12 or minute > 59:
        raise ValueError("not a 12-hour time: %r" % (text,))
    if half == "p":
        hour += 12
    return hour * 60 + minute


def format_time(minutes):
    """Inverse of parse_time: 1185 -> '7:45 pm'."""
    minutes %= MINUTES_PER_DAY
    hour, minute = divmod(minutes, 60)
    half = "am" if hour < 12 else "pm"
    hour = hour % 12 or 12
    return "%d:%02d %s" % (hour, minute, half)
