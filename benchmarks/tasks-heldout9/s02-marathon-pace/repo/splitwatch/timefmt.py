"""Converting between 'H:MM:SS' / 'M:SS' strings and seconds."""


def parse_duration(text):
    """'1:45:30' -> 6330, '52:10' -> 3130. Raises ValueError on bad input."""
    parts = text.strip().split(":")
    if len(parts) not in (2, 3) or not all(p.isdigit() for p in parts):
        raise ValueError("bad duration: %r" % (text,))
    nums = [int(p) for p in parts]
    if any(n >= 60 for n in nums[1:]):
        raise ValueError("bad duration: %r" % (text,))
    seconds = 0
    for n in nums:
        seconds = seconds * 60 + n
    return seconds


def format_duration(seconds):
    """6330 -> '1:45:30', 3130 -> '52:10' (hours only when needed)."""
    seconds = int(seconds)
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    if hours:
        return "%d:%02d:%02d" % (hours, minutes, secs)
    return "%d:%02d" % (minutes, secs)
