import re
from dataclasses import dataclass
from datetime import date

_ENTRY = re.compile(r"^(?P<day>\d{4}-\d{2}-\d{2})\s+(?P<dur>\S+)\s+(?P<project>[\w-]+):\s*(?P<note>.*)$")


@dataclass
class Entry:
    day: date
    minutes: int
    project: str
    note: str


def parse_entry(line):
    """'2024-03-04 1h30m client-a: planning' -> Entry(..., minutes=90, ...)"""
    m = _ENTRY.match(line.strip())
    if not m:
        raise ValueError("bad entry line: %r" % line)
    text = m.group("dur").strip().lower()
    dm = re.fullmatch(r"(?:(\d+)h)?(?:(\d+)m)?", text)
    if not text or not dm or (dm.group(1) is None and dm.group(2) is None):
        raise ValueError("bad duration: %r" % text)
    minutes = int(dm.group(1) or 0) * 60 + int(dm.group(2) or 0)
    if minutes == 0:
        raise ValueError("duration must be positive: %r" % text)
    return Entry(date.fromisoformat(m.group("day")), minutes, m.group("project"), m.group("note").strip())


def total_minutes(entries, project=None):
    return sum(e.minutes for e in entries if project is None or e.project == project)
