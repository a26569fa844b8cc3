"""How a cask loses spirit to the angels as it ages."""
from datetime import date

ANGELS_SHARE = 0.02  # fraction of what is left lost each year


def years_between(filled, on):
    """Whole and part years from `filled` to `on`, counting 365.25 days a year."""
    return max(0, (on - filled).days) / 365.25


def litres_after(litres, years):
    """What is left of `litres` after `years` in the cask."""
    return litres * (1 - ANGELS_SHARE) ** years


def age_label(filled, on=None):
    years = years_between(filled, on or date.today())
    whole = int(years)
    return "%d yr %d mo" % (whole, int((years - whole) * 12))
