"""Day rates and quotes, in cents."""

from skihire.dates import rental_days

DAY_RATES = {
    "skis": 2800,
    "snowboard": 2600,
    "boots": 1200,
    "helmet": 500,
    "poles": 300,
}
WEEK_CHARGED = 6   # every full week of 7 days is charged as 6


def charged_days(days):
    weeks, rest = divmod(days, 7)
    return weeks * WEEK_CHARGED + rest


def day_rate(items):
    try:
        return sum(DAY_RATES[item] for item in items)
    except KeyError as exc:
        raise ValueError("we don't rent out %s" % exc) from None


def quote(items, pickup, dropoff):
    """Price in cents for renting `items` from pickup to dropoff."""
    return day_rate(items) * charged_days(rental_days(pickup, dropoff))
