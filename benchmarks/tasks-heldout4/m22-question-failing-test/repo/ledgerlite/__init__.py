from .parse import Transaction, parse_amount, read_statement
from .categorize import categorize

__all__ = ["Transaction", "parse_amount", "read_statement", "categorize"]
