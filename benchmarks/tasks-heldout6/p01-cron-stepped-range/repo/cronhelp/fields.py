"""Parse one cron field into the sorted list of values it matches."""

FIELD_RANGES = {
    "minute": (0, 59),
    "hour": (0, 23),
    "day": (1, 31),
    "month": (1, 12),
    "weekday": (0, 6),
}


def _number(text, lo, hi):
    try:
        value = int(text)
    except ValueError:
        raise ValueError("not a number: %r" % (text,))
    if not lo <= value <= hi:
        raise ValueError("%d is outside %d-%d" % (value, lo, hi))
    return value


def _bounds(part, lo, hi):
    if "-" in part:
        first, last = part.split("-", 1)
        start, end = _number(first, lo, hi), _number(last, lo, hi)
        if start > end:
            raise ValueError("empty range: %r" % (part,))
        return start, end
    value = _number(part, lo, hi)
    return value, value


def _expand(part, lo, hi):
    if "/" in part:
        base, step_text = part.split("/", 1)
        step = _number(step_text, 1, hi - lo + 1)
        if base == "*":
            return list(range(lo, hi + 1, step))
        start, end = _bounds(base, lo, hi)
        if "-" not in base:
            end = hi
        return list(range(start, end, step))
    if part == "*":
        return list(range(lo, hi + 1))
    start, end = _bounds(part, lo, hi)
    return list(range(start, end + 1))


def parse_field(text, name):
    """Values matched by cron field `text` for field `name` (e.g. "minute")."""
    if name not in FIELD_RANGES:
        raise KeyError("unknown field: %r" % (name,))
    lo, hi = FIELD_RANGES[name]
    values = set()
    for part in text.split(","):
        part = part.strip()
        if not part:
            raise ValueError("empty item in %r" % (text,))
        values.update(_expand(part, lo, hi))
    return sorted(values)
