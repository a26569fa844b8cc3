import re
from datetime import datetime

_LINE = re.compile(r"^(\S+)\s+(DEBUG|INFO|WARNING|ERROR)\s+(.*)$")


def parse_line(line):
    m = _LINE.match(line.strip())
    if not m:
        return None
    try:
        when = datetime.fromisoformat(m.group(1))
    except ValueError:
        return None
    return {"time": when.isoformat(), "level": m.group(2), "message": m.group(3)}


def read_entries(paths):
    for path in paths:
        with open(path, encoding="utf-8", errors="replace") as fh:
            for line in fh:
                entry = parse_line(line)
                if entry:
                    yield entry
