"""logslice: filter application logs by level and text."""
from logslice.filters import select
from logslice.parse import LEVELS, parse_line

__all__ = ["LEVELS", "parse_line", "select"]
