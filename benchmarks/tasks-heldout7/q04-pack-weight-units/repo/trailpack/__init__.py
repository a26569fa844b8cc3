"""Pack list weights for hiking trips."""
from .items import Item, parse_items
from .summary import format_summary
from .weight import base_weight, total_weight

__all__ = ["Item", "parse_items", "total_weight", "base_weight", "format_summary"]
