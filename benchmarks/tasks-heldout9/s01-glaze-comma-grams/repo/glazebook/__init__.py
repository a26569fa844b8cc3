"""Glaze batch calculator."""

from .recipe import load_recipe, parse_line, scale, total_grams
from .units import format_grams, parse_amount

__all__ = ["load_recipe", "parse_line", "scale", "total_grams",
           "format_grams", "parse_amount"]
