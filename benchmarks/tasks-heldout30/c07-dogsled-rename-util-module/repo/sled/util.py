"""Time helpers for the sled dog rally."""


def parse_time(text):
    """'1:02:03' or '62:03' to whole seconds."""
    seconds = 0
    for part in text.strip().split(":"):
        seconds = seconds * 60 + int(part)
    return seconds


def format_time(seconds):
    """Seconds as H:MM:SS."""
    hours, rest = divmod(int(seconds), 3600)
    minutes, secs = divmod(rest, 60)
    return "%d:%02d:%02d" % (hours, minutes, secs)
