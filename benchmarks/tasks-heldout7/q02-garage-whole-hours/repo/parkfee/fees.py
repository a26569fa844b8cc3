"""Fee rules."""
from .clock import stay_minutes
from .tariffs import get_tariff


def billable_hours(minutes, free_minutes=0):
    """Hours to charge for a stay of `minutes`.

    Stays within the free period cost nothing; otherwise every started
    hour of the whole stay is charged.
    """
    if minutes <= free_minutes:
        return 0
    return minutes // 60 + 1


def fee(tariff_name, entered, left):
    """Fee in cents for a stay from `entered` to `left` ("HH:MM")."""
    tariff = get_tariff(tariff_name)
    minutes = stay_minutes(entered, left)
    hours = billable_hours(minutes, tariff["free_minutes"])
    return min(hours * tariff["hourly"], tariff["daily_cap"])


def format_cents(cents):
    """1234 -> '12.34'."""
    return "%d.%02d" % divmod(cents, 100)
