"""Print job quotes."""
from .config import load_pricing
from .quote import discount_percent, quote

__all__ = ["load_pricing", "quote", "discount_percent"]
