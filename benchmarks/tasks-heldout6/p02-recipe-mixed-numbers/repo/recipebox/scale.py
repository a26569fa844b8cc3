"""Scale single ingredient lines or whole recipes by a factor."""
from fractions import Fraction

from recipebox.ingredients import format_line, parse_line


def _factor(value):
    if isinstance(value, float):
        return Fraction(str(value))
    return Fraction(value)


def scale_line(line, factor):
    quantity, unit, name = parse_line(line)
    if quantity is None:
        return line.strip()
    return format_line(quantity * _factor(factor), unit, name)


def scale_recipe(lines, factor):
    if _factor(factor) <= 0:
        raise ValueError("factor must be positive")
    return [scale_line(line, factor) for line in lines]
