"""recipebox: scale recipes while keeping kitchen-friendly fractions."""
from recipebox.quantity import format_quantity, parse_quantity
from recipebox.scale import scale_line, scale_recipe

__all__ = ["format_quantity", "parse_quantity", "scale_line", "scale_recipe"]
