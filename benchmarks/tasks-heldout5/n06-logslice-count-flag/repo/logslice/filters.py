"""Selecting log lines."""
from logslice.parse import level_rank, parse_line


def select(lines, min_level="INFO", text=None):
    """Yield the lines at or above min_level whose message contains text."""
    floor = level_rank(min_level)
    for line in lines:
        entry = parse_line(line)
        if entry is None or level_rank(entry.level) < floor:
            continue
        if text is not None and text not in entry.message:
            continue
        yield line
