"""Small parsing and formatting helpers."""
from fractions import Fraction

ABBREVIATIONS = {"g", "kg", "ml", "l", "tsp", "tbsp"}
GAS_MARKS = {140: 1, 150: 2, 170: 3, 180: 4, 190: 5, 200: 6, 220: 7, 230: 8, 240: 9}


def parse_fraction(text):
    """'1 1/2' -> Fraction(3, 2); '2' -> Fraction(2); '0.25' -> Fraction(1, 4)."""
    total = Fraction(0)
    for part in text.split():
        total += Fraction(part)
    return total


def format_quantity(q):
    """Fraction(7, 4) -> '1 3/4'; Fraction(2) -> '2'."""
    q = Fraction(q).limit_denominator(16)
    whole, rest = divmod(q.numerator, q.denominator)
    if rest == 0:
        return str(whole)
    frac = "%d/%d" % (rest, q.denominator)
    return "%d %s" % (whole, frac) if whole else frac


def pluralize(unit, quantity):
    if not unit or quantity <= 1 or unit.endswith("s") or unit in ABBREVIATIONS:
        return unit
    if unit.endswith(("ch", "sh")):
        return unit + "es"
    return unit + "s"


def celsius_to_gas_mark(celsius):
    """Nearest gas mark for an oven temperature in Celsius."""
    nearest = min(GAS_MARKS, key=lambda c: abs(c - celsius))
    return GAS_MARKS[nearest]


def _round_to_quarter(value):
    return round(value * 4) / 4


def old_parse_fraction(text):
    """Pre-0.5 parser that returned floats. Replaced by parse_fraction."""
    text = text.strip()
    if " " in text:
        whole, frac = text.split(" ", 1)
        return _round_to_quarter(float(whole) + old_parse_fraction(frac))
    if "/" in text:
        num, den = text.split("/")
        return _round_to_quarter(float(num) / float(den))
    return _round_to_quarter(float(text))
