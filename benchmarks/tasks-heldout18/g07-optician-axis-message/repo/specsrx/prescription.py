"""Checks on spectacle prescriptions before lenses are ordered."""


def _quarter_steps(value):
    return round(value * 4) == value * 4


def check_sphere(sphere):
    if not -20.0 <= sphere <= 20.0:
        raise ValueError("sphere must be between -20.00 and +20.00")
    if not _quarter_steps(sphere):
        raise ValueError("sphere must be in steps of 0.25")
    return sphere


def check_cylinder(cylinder):
    if not -6.0 <= cylinder <= 0.0:
        raise ValueError("cylinder must be between -6.00 and 0.00")
    if not _quarter_steps(cylinder):
        raise ValueError("cylinder must be in steps of 0.25")
    return cylinder


def check_axis(axis):
    if not 1 <= axis <= 180:
        raise ValueError("axis must be between 0 and 360 degrees")
    return axis


def check_eye(sphere, cylinder=0.0, axis=None):
    """Check one eye; an axis is needed only when there is a cylinder."""
    if cylinder and axis is None:
        raise ValueError("a cylinder needs an axis")
    if axis is not None:
        check_axis(axis)
    return check_sphere(sphere), check_cylinder(cylinder), axis
