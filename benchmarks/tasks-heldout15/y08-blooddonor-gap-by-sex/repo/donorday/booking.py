"""Booking donors into sessions."""
from datetime import timedelta

from donorday.rules import MIN_GAP_DAYS


def first_slot(donor, sessions):
    """Earliest session date the donor can be booked into, or None."""
    earliest = None
    if donor.last_donation is not None:
        earliest = donor.last_donation + timedelta(days=MIN_GAP_DAYS)
    for day in sorted(sessions):
        if earliest is None or day >= earliest:
            return day
    return None


def bookable(donors, day):
    """Names of the donors who could come to a session on `day`."""
    return [d.name for d in donors if first_slot(d, [day]) is not None]
