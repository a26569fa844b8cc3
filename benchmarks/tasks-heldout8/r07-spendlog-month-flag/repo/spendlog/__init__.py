"""Household expense totals."""

from .ledger import Expense, load_expenses, parse_amount
from .report import format_report, totals_by_category

__all__ = ["Expense", "load_expenses", "parse_amount", "format_report",
           "totals_by_category"]
