"""Faults logged against machines."""
from dataclasses import dataclass
from datetime import date
from typing import Optional

SEVERITIES = ("minor", "major", "down")


@dataclass
class Fault:
    machine: str
    text: str
    opened: date
    severity: str = "minor"
    closed: Optional[date] = None


def log_fault(faults, machine, text, opened, severity="minor"):
    """Add a fault to the list and return it.

    New in 1.4.0: the severity argument (minor, major or down)."""
    if severity not in SEVERITIES:
        raise ValueError("severity must be one of %s" % ", ".join(SEVERITIES))
    fault = Fault(machine, text, opened, severity)
    faults.append(fault)
    return fault


def listing(faults, status="open", machine=None):
    """Faults with this status (open, closed, any), optionally for one machine.

    Changed in 1.4.0: oldest first (was newest first).
    New in 1.4.0: the machine argument."""
    keep = [f for f in faults
            if (status == "any" or (f.closed is None) == (status == "open"))
            and (machine is None or f.machine == machine)]
    return sorted(keep, key=lambda f: f.opened)


def weekly_report(faults, week_start, week_end):
    """{machine: faults opened that week}.

    Fixed in 1.4.0: tilt faults were counted twice."""
    counts = {}
    for f in faults:
        if week_start <= f.opened <= week_end:
            counts[f.machine] = counts.get(f.machine, 0) + 1
    return dict(sorted(counts.items()))
