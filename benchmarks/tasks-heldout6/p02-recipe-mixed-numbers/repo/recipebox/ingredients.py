"""Split an ingredient line into quantity, unit and name."""
import re

from recipebox.quantity import format_quantity, parse_quantity

UNITS = {"cup", "cups", "tbsp", "tsp", "g", "kg", "ml", "l", "oz", "lb",
         "pinch", "clove", "cloves", "can", "cans"}

_NUMERIC = re.compile(r"^[0-9./]+$")


def parse_line(line):
    """Return (quantity or None, unit or None, name)."""
    tokens = line.split()
    qty_tokens = []
    while tokens and _NUMERIC.match(tokens[0]):
        qty_tokens.append(tokens.pop(0))
    if not qty_tokens:
        return None, None, line.strip()
    unit = None
    if tokens and tokens[0].lower() in UNITS:
        unit = tokens.pop(0)
    return parse_quantity(" ".join(qty_tokens)), unit, " ".join(tokens)


def format_line(quantity, unit, name):
    parts = [format_quantity(quantity), unit, name]
    return " ".join(p for p in parts if p)
