"""How long a donor must wait between whole-blood donations."""
from datetime import timedelta

MIN_GAP_DAYS = 12 * 7


def next_eligible(donor):
    """First day the donor may give again (None: never given, so any day)."""
    if donor.last_donation is None:
        return None
    return donor.last_donation + timedelta(days=MIN_GAP_DAYS)


def is_eligible(donor, day):
    """May the donor give blood on `day`?"""
    first = next_eligible(donor)
    return first is None or day >= first
