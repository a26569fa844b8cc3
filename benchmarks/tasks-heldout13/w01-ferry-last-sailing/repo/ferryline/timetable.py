"""Reading the timetable and finding the next boat."""


def to_minutes(hhmm):
    """'08:15' -> 495 minutes after midnight."""
    hours, minutes = hhmm.strip().split(":")
    return int(hours) * 60 + int(minutes)


def from_minutes(total):
    """495 -> '08:15'."""
    return "%02d:%02d" % divmod(total, 60)


def load_times(lines):
    """Departure times from lines like '08:15', skipping blanks and # comments."""
    times = []
    for line in lines:
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        times.append(from_minutes(to_minutes(line)))
    return sorted(times, key=to_minutes)


def next_departure(times, now):
    """The first departure at or after `now`, or None when no boat is left today."""
    now_m = to_minutes(now)
    for i in range(len(times) - 1):
        if to_minutes(times[i]) > now_m:
            return times[i]
    return None


def wait_minutes(times, now):
    """Minutes until the next departure, or None when no boat is left today."""
    nxt = next_departure(times, now)
    if nxt is None:
        return None
    return to_minutes(nxt) - to_minutes(now)
