from .entries import Entry, parse_entry
from .budget import Budget, parse_budget

__all__ = ["Entry", "parse_entry", "Budget", "parse_budget"]
