"""Memberships.

A membership starts at the first session on or after the day it is
bought and runs for its plan's length in calendar months. It can be
paused (for an injury, say) for up to the plan's allowance of weeks,
which moves the end back by the weeks paused.
"""
import calendar
import datetime

from rink.sessions import next_session_day, session_days

PLANS = {"monthly": 1, "season": 4, "annual": 12}          # months
MAX_PAUSE_WEEKS = {"monthly": 0, "season": 2, "annual": 6}
PRICES = {"monthly": 2400, "season": 8500, "annual": 22000}  # pence


def add_months(day, months):
    """The same day of the month `months` months later, or the last day of
    that month when it is shorter."""
    year, month = divmod(day.month - 1 + months, 12)
    year += day.year
    month += 1
    return datetime.date(year, month, min(day.day, calendar.monthrange(year, month)[1]))


def starts_on(bought):
    return next_session_day(bought)


def expiry_date(bought, plan, paused_weeks=0):
    """The last day the membership can be used."""
    if plan not in PLANS:
        raise ValueError("unknown plan %r" % plan)
    if paused_weeks < 0:
        raise ValueError("paused_weeks can't be negative")
    end = add_months(starts_on(bought), PLANS[plan]) - datetime.timedelta(days=1)
    return end + datetime.timedelta(weeks=min(paused_weeks, MAX_PAUSE_WEEKS[plan]))


def cost_per_session(bought, plan):
    """What each session costs a member who comes to every one, in pence."""
    days = session_days(starts_on(bought), expiry_date(bought, plan))
    return round(PRICES[plan] / len(days))
