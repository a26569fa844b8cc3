"""Parse sensor lines."""
from collections import namedtuple

Reading = namedtuple("Reading", "bench time celsius")


def _f_to_c(fahrenheit):
    return round((fahrenheit - 32) * 5 / 9, 1)


def parse_line(line):
    """'bench3 07:40 78.8F' -> Reading('bench3', '07:40', 26.0)."""
    bench, time, raw = line.split()
    if not raw.upper().endswith("F"):
        raise ValueError("expected a Fahrenheit reading: %r" % raw)
    return Reading(bench, time, _f_to_c(float(raw[:-1])))


def parse_lines(lines):
    return [parse_line(l) for l in lines if l.strip() and not l.startswith("#")]
