"""What parents owe the sitter."""

NIGHT_SUPPLEMENT = 1.5  # times the usual rate after midnight
MINIMUM_HOURS = 3


def evening(hours, hr):
    """Pay for an evening; at least MINIMUM_HOURS are charged."""
    return round(max(hours, MINIMUM_HOURS) * hr, 2)


def after_midnight(hours, hr):
    """Pay for the hours after midnight, with the night supplement."""
    night_rate = hr * NIGHT_SUPPLEMENT
    return round(hours * night_rate, 2)


def booking(before, after, hr, travel=0.0):
    """Pay for a booking: hours before and after midnight plus travel."""
    total = evening(before, hr) if before else 0.0
    if after:
        total += after_midnight(after, hr)
    return round(total + travel, 2)
