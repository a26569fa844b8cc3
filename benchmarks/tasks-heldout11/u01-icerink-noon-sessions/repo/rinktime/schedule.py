"""The rink's daily timetable, read from 'name | start | minutes' lines."""

from dataclasses import dataclass

from rinktime.clock import format_time, parse_time


@dataclass
class Session:
    name: str
    start: int   # minutes after midnight
    length: int  # minutes

    @property
    def end(self):
        return self.start + self.length


def parse_line(line):
    """'Public skate | 7:45 pm | 90' -> Session('Public skate', 1185, 90)."""
    parts = [part.strip() for part in line.split("|")]
    if len(parts) != 3:
        raise ValueError("expected 'name | start | minutes': %r" % (line,))
    name, start, length = parts
    return Session(name, parse_time(start), int(length))


def load(lines):
    """Sessions from timetable lines, earliest first; '#' lines are comments."""
    sessions = []
    for line in lines:
        line = line.strip()
        if line and not line.startswith("#"):
            sessions.append(parse_line(line))
    return sorted(sessions, key=lambda s: s.start)


def render(sessions):
    rows = []
    for s in sessions:
        rows.append("%-9s%-9s%s" % (format_time(s.start), format_time(s.end), s.name))
    return "\n".join(rows)

