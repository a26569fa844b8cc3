"""Invoices for members."""

from .plans import JOINING_FEE, LATE_JOIN_DAYS, PLANS
from .promos import joining_fee_after_promo


def format_cents(cents):
    return "$%d.%02d" % divmod(cents, 100)


def joining_fee(plan, promo=None):
    discount = PLANS[plan]["fee_discount_pct"]
    fee = JOINING_FEE * (100 - discount) // 100
    return joining_fee_after_promo(fee, promo)


def monthly_invoice(plan):
    return PLANS[plan]["monthly"]


def first_invoice(plan, join_day, days_in_month=30, promo=None):
    """Cents due when a member joins on `join_day` (1-based) of the month."""
    if not 1 <= join_day <= days_in_month:
        raise ValueError("join_day outside the month")
    monthly = PLANS[plan]["monthly"]
    remaining = days_in_month - join_day + 1
    total = monthly * remaining // days_in_month
    total += joining_fee(plan, promo)
    if remaining < LATE_JOIN_DAYS:
        total += monthly
    return total
