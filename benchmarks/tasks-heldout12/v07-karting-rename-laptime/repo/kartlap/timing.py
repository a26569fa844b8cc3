"""Reading and writing lap times like 1:02.345."""


def parse_lap(text):
    """'1:02.345' -> 62.345 seconds; '58.100' (no minutes) is allowed too."""
    text = text.strip()
    minutes, _, rest = text.rpartition(":")
    seconds = float(rest)
    if not 0 <= seconds < 60:
        raise ValueError("bad seconds in lap time %r" % (text,))
    return int(minutes or 0) * 60 + seconds


def secs_to_str(seconds):
    """62.345 -> '1:02.345' (rounded to the millisecond)."""
    ms = int(round(seconds * 1000))
    minutes, ms = divmod(ms, 60000)
    secs, ms = divmod(ms, 1000)
    return "%d:%02d.%03d" % (minutes, secs, ms)


def gap_str(seconds):
    """Gap to the leader: '+0.512', or '-' for the leader."""
    return "-" if seconds == 0 else "+%.3f" % seconds
