"""Swim times.

Times are written M:SS.s or H:MM:SS.s ("12:04.3", "1:02:15"); inside the
code they are seconds (a float).
"""


def parse_time(text):
    """'12:04.3' -> 724.3, '1:02:15' -> 3735.0; ValueError for anything else."""
    parts = text.strip().split(":")
    if len(parts) not in (2, 3) or not all(parts):
        raise ValueError("not a swim time: %r" % text)
    seconds = float(parts[-1])
    minutes = int(parts[-2])
    hours = int(parts[0]) if len(parts) == 3 else 0
    if not (0 <= seconds < 60 and 0 <= minutes < 60 and hours >= 0):
        raise ValueError("not a swim time: %r" % text)
    return hours * 3600 + minutes * 60 + seconds


def format_time(seconds):
    """724.3 -> '12:04.3', 3735 -> '1:02:15.0'."""
    whole, tenths = divmod(round(seconds * 10), 10)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    if hours:
        return "%d:%02d:%02d.%d" % (hours, minutes, secs, tenths)
    return "%d:%02d.%d" % (minutes, secs, tenths)
