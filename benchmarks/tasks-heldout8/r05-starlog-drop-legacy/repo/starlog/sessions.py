"""Parse observing log lines."""

from collections import namedtuple

from .legacy_export import LEGACY_FIELDS

Observation = namedtuple("Observation", "date time target seeing notes")


def parse_line(line):
    """Parse "DATE TIME TARGET seeing=N notes..." into an Observation."""
    parts = line.split(None, 4)
    if len(parts) < 4 or not parts[3].startswith("seeing="):
        raise ValueError("bad log line: %r" % (line,))
    date, time, target, seeing = parts[:4]
    notes = parts[4].strip() if len(parts) > 4 else ""
    return Observation(date, time, target.upper(), int(seeing[len("seeing="):]), notes)


def load_log(lines):
    """Observations from an iterable of lines; blank lines and # comments skipped."""
    observations = []
    for line in lines:
        line = line.strip()
        if line and not line.startswith("#"):
            observations.append(parse_line(line))
    return observations
