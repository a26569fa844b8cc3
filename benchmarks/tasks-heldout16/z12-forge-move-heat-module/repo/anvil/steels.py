"""Forging windows for common steel grades."""

from anvil.temps import colour_for, temp_for

# grade: (lowest forging temp C, highest forging temp C, hardening temp C)
STEELS = {
    "1084": (815, 1090, 815),
    "1095": (815, 1040, 800),
    "5160": (845, 1150, 830),
    "O1": (870, 1040, 800),
    "W2": (815, 1040, 790),
}


def _limits(grade):
    if grade not in STEELS:
        raise KeyError("unknown steel grade %r" % (grade,))
    return STEELS[grade]


def forging_window(grade):
    """(coolest colour, hottest colour) to forge a grade at."""
    low, high, _ = _limits(grade)
    return colour_for(low), colour_for(high)


def can_forge(grade, colour):
    """Is a piece of `grade` showing `colour` hot enough (and not too hot) to forge?"""
    low, high, _ = _limits(grade)
    return low <= temp_for(colour) + 50 and temp_for(colour) <= high
