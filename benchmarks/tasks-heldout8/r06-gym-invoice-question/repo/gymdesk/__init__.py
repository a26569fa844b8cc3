"""Billing helpers for the gym front desk."""

from .billing import first_invoice, format_cents, monthly_invoice
from .plans import PLANS

__all__ = ["PLANS", "first_invoice", "format_cents", "monthly_invoice"]
