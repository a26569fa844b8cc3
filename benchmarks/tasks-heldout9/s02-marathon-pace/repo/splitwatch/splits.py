"""Planning splits for a race."""

from .timefmt import format_duration, parse_duration


def even_splits(total_time, parts):
    """Cumulative times for `parts` equal segments of `total_time`."""
    if parts < 1:
        raise ValueError("parts must be at least 1")
    total = parse_duration(total_time)
    return [format_duration(round(total * i / parts)) for i in range(1, parts + 1)]


def negative_split(total_time, drop_seconds):
    """First and second half times where the second half is faster by `drop_seconds`."""
    total = parse_duration(total_time)
    first = (total + drop_seconds) / 2.0
    if first >= total:
        raise ValueError("drop is larger than the whole race")
    return format_duration(round(first)), format_duration(round(total - first))
