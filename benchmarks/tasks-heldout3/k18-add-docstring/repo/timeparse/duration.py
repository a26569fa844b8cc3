"""Human-friendly durations."""
import re

UNITS = {"d": 86400, "h": 3600, "m": 60, "s": 1}
_PART = re.compile(r"(\d+)([dhms])")


def parse_duration(text):
    text = text.strip().lower().replace(" ", "")
    if not text:
        raise ValueError("empty duration")
    if text.isdigit():
        return int(text)
    pos = 0
    total = 0
    for match in _PART.finditer(text):
        if match.start() != pos:
            break
        total += int(match.group(1)) * UNITS[match.group(2)]
        pos = match.end()
    if pos != len(text):
        raise ValueError(f"invalid duration: {text!r}")
    return total


def format_duration(seconds):
    """Format a number of seconds the way parse_duration reads it, e.g. 5400 -> '1h30m'."""
    if seconds == 0:
        return "0s"
    parts = []
    for unit, size in UNITS.items():
        count, seconds = divmod(seconds, size)
        if count:
            parts.append(f"{count}{unit}")
    return "".join(parts)
