"""Recipe quantities: '2', '3/4', '3 / 4', '0.25', '1 1/2'."""
from fractions import Fraction

MAX_DENOMINATOR = 16


def parse_quantity(text):
    """Parse a recipe quantity into a Fraction."""
    # People type "3 / 4" as often as "3/4", so spaces are dropped first.
    cleaned = text.strip().replace(" ", "")
    if not cleaned:
        raise ValueError("empty quantity")
    try:
        value = Fraction(cleaned)
    except (ValueError, ZeroDivisionError):
        raise ValueError("not a quantity: %r" % (text,))
    if value < 0:
        raise ValueError("negative quantity: %r" % (text,))
    return value


def format_quantity(value):
    """Format a number as '3', '3/4' or '2 1/4'."""
    value = Fraction(value).limit_denominator(MAX_DENOMINATOR)
    whole, rest = divmod(value.numerator, value.denominator)
    if rest == 0:
        return str(whole)
    frac = "%d/%d" % (rest, value.denominator)
    return frac if whole == 0 else "%d %s" % (whole, frac)
