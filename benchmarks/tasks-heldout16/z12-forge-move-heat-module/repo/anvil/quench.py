"""Hardening and tempering plans."""

from anvil import temps
from anvil.steels import STEELS

TEMPER_C = {"hard": 175, "tough": 205, "springy": 260}


def quench_plan(grade, use="tough"):
    """Lines describing how to harden and temper a blade of `grade`."""
    if grade not in STEELS:
        raise KeyError("unknown steel grade %r" % (grade,))
    if use not in TEMPER_C:
        raise ValueError("use must be one of %s" % ", ".join(sorted(TEMPER_C)))
    harden = STEELS[grade][2]
    temper = TEMPER_C[use]
    medium = "water" if grade.startswith("W") else "warm canola oil"
    return [
        "Heat to %d C (%d F), %s, and check it is non-magnetic"
        % (harden, temps.c_to_f(harden), temps.colour_for(harden)),
        "Quench in %s" % medium,
        "Temper at %d C (%d F) for two hours, twice" % (temper, temps.c_to_f(temper)),
    ]
