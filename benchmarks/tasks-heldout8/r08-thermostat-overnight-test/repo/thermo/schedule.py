"""Parse schedules and look up the setpoint for a time of day."""

from .clock import to_minutes

DEFAULT_SETPOINT = 16.0


def parse_schedule(text):
    """List of (start, end, setpoint) with times in minutes after midnight."""
    periods = []
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        span, _, value = line.partition(" ")
        start_text, _, end_text = span.partition("-")
        start, end = to_minutes(start_text), to_minutes(end_text)
        if end <= start:
            raise ValueError("period ends before it starts: %r" % (line,))
        periods.append((start, end, float(value)))
    return periods


def setpoint_at(schedule, now):
    """Setpoint of the first period containing `now`, else the default."""
    t = to_minutes(now)
    for start, end, setpoint in schedule:
        if start <= t < end:
            return setpoint
    return DEFAULT_SETPOINT
