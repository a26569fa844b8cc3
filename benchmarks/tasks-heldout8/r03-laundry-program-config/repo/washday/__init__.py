"""Laundromat kiosk helpers."""

from .config import Program, load_programs
from .pricing import basket_total, cycle_price, finish_time, format_cents

__all__ = ["Program", "load_programs", "basket_total", "cycle_price",
           "finish_time", "format_cents"]
