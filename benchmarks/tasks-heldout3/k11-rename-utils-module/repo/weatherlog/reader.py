"""Turn raw log lines into readings."""
from .utils import parse_timestamp


def parse_line(line):
    stamp, *fields = line.split()
    reading = {"time": parse_timestamp(stamp)}
    for field in fields:
        key, _, value = field.partition("=")
        reading[key] = float(value)
    return reading


def parse_lines(lines):
    return [parse_line(line) for line in lines if line.strip() and not line.startswith("#")]
