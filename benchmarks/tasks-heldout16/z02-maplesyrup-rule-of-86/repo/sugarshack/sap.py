"""Tap records and sap sugar content."""

from dataclasses import dataclass


@dataclass
class TapReading:
    tap: str
    litres: float
    brix: float


def total_litres(readings):
    return sum(r.litres for r in readings)


def average_brix(readings):
    """Sugar content of the pooled sap (weighted by volume)."""
    total = total_litres(readings)
    if total == 0:
        raise ValueError("no sap collected")
    return sum(r.litres * r.brix for r in readings) / total


def parse_reading(line):
    """'T12, 14.5, 2.1' -> TapReading('T12', 14.5, 2.1)."""
    tap, litres, brix = [p.strip() for p in line.split(",")]
    return TapReading(tap, float(litres), float(brix))
