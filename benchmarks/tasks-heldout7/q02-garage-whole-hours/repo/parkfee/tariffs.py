"""Garage tariffs. Amounts are in cents."""

TARIFFS = {
    "standard": {"hourly": 350, "free_minutes": 15, "daily_cap": 2400},
    "resident": {"hourly": 150, "free_minutes": 30, "daily_cap": 900},
    "event": {"hourly": 600, "free_minutes": 0, "daily_cap": 3000},
}


def get_tariff(name):
    """The tariff called `name`; ValueError if there is none."""
    try:
        return TARIFFS[name]
    except KeyError:
        raise ValueError("unknown tariff: %r" % (name,)) from None
