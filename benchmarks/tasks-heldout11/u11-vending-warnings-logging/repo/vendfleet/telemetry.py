"""Parse the machines' nightly telemetry: 'machine, slot, count, temp_c' lines."""

from dataclasses import dataclass


@dataclass
class Reading:
    machine: str
    slot: str
    count: int
    temp_c: float


def parse_reading(line):
    """A Reading from one line, or None (with a warning) if the line is bad."""
    parts = [p.strip() for p in line.split(",")]
    if len(parts) != 4:
        print("WARNING: skipping malformed telemetry line %r" % (line.strip(),))
        return None
    machine, slot, count, temp = parts
    try:
        return Reading(machine, slot.upper(), int(count), float(temp))
    except ValueError:
        print("WARNING: skipping unreadable values for %s slot %s" % (machine, slot.upper()))
        return None


def parse_all(lines):
    readings = []
    for line in lines:
        if line.strip() and not line.lstrip().startswith("#"):
            reading = parse_reading(line)
            if reading is not None:
                readings.append(reading)
    return readings
