"""Lesson kinds and how long they take."""

LENGTHS = {  # minutes
    "taster": 45,
    "standard": 60,
    "double": 120,
    "motorway": 90,
    "test day": 150,
}


def lesson_length(kind):
    """Length of a lesson as (hours, minutes)."""
    if kind not in LENGTHS:
        raise ValueError("unknown lesson kind: %s" % kind)
    return divmod(LENGTHS[kind], 60)


def finish_time(start, kind):
    """Finish time "HH:MM" of a lesson starting at `start` ("HH:MM")."""
    hours, minutes = (int(part) for part in start.split(":"))
    end = hours * 60 + minutes + LENGTHS[kind]
    return "%02d:%02d" % divmod(end % (24 * 60), 60)
