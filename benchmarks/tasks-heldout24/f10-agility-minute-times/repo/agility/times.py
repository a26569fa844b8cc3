"""Run times, kept as whole hundredths of a second.

The ring timers give times in seconds with up to two decimals ("38.41").
"""
import re

_SECONDS = re.compile(r"^(\d+)(?:\.(\d{1,2}))?$")


def parse_time(text):
    """'38.41' -> 3841 hundredths; ValueError if it is not a time."""
    m = _SECONDS.match(text.strip())
    if not m:
        raise ValueError("not a run time: %r" % text)
    whole, frac = m.groups()
    return int(whole) * 100 + int((frac or "0").ljust(2, "0"))


def format_time(hundredths):
    """3841 -> '38.41'; a minute or more as 'M:SS.hh' (6215 -> '1:02.15')."""
    seconds, hh = divmod(hundredths, 100)
    if seconds >= 60:
        return "%d:%02d.%02d" % (seconds // 60, seconds % 60, hh)
    return "%d.%02d" % (seconds, hh)


def time_faults(hundredths, course_time):
    """One fault for every second, or part of a second, over the course
    time (given in whole seconds)."""
    over = hundredths - course_time * 100
    return max(0, -(-over // 100))
