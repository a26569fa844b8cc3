"""Parsing cruise legs from text lines."""

from dataclasses import dataclass


@dataclass(frozen=True)
class Leg:
    name: str
    miles: float
    locks: int


def parse_leg(line):
    """Parse 'name, miles, locks' into a Leg."""
    parts = [p.strip() for p in line.split(",")]
    if len(parts) != 3:
        raise ValueError("expected 'name, miles, locks': %r" % (line,))
    name, miles, locks = parts
    if not name:
        raise ValueError("leg has no name: %r" % (line,))
    leg = Leg(name, float(miles), int(locks))
    if leg.miles < 0 or leg.locks < 0:
        raise ValueError("negative miles or locks: %r" % (line,))
    return leg


def parse_legs(lines):
    """Parse every non-blank, non-comment line."""
    out = []
    for line in lines:
        line = line.strip()
        if line and not line.startswith("#"):
            out.append(parse_leg(line))
    return out
