"""Grading syrup by light transmittance (percent)."""

GRADES = [
    (75.0, "Golden, delicate taste"),
    (50.0, "Amber, rich taste"),
    (25.0, "Dark, robust taste"),
    (0.0, "Very dark, strong taste"),
]


def grade(transmittance):
    if not 0 <= transmittance <= 100:
        raise ValueError("transmittance must be 0-100: %r" % (transmittance,))
    for floor, name in GRADES:
        if transmittance >= floor:
            return name
    return GRADES[-1][1]
