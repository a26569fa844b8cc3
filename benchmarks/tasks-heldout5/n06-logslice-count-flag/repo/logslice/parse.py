"""Parsing of single log lines."""
import re
from collections import namedtuple

LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")

Entry = namedtuple("Entry", "stamp level message")

_LINE = re.compile(r"^(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d) ([A-Z]+) (.*)$")


def parse_line(line):
    """Entry for a well-formed log line, else None."""
    m = _LINE.match(line.rstrip("\n"))
    if not m or m.group(2) not in LEVELS:
        return None
    return Entry(m.group(1), m.group(2), m.group(3))


def level_rank(level):
    """Position of a level name in LEVELS (case-insensitive)."""
    try:
        return LEVELS.index(level.upper())
    except ValueError:
        raise ValueError("unknown level: %r" % level) from None
