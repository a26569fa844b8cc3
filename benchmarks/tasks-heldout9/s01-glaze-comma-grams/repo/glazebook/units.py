"""Amount parsing and formatting, all in grams."""

import re

_AMOUNT = re.compile(r"^\s*([0-9][0-9.,]*)\s*(mg|g|kg)\s*$", re.IGNORECASE)
_FACTORS = {"mg": 0.001, "g": 1.0, "kg": 1000.0}


def _number(text):
    # Some suppliers write decimals with a comma ("1,5 kg").
    return float(text.replace(",", "."))


def parse_amount(text):
    """Return the amount in grams for text such as '40 g' or '1.5 kg'."""
    m = _AMOUNT.match(text)
    if not m:
        raise ValueError("not an amount: %r" % (text,))
    value = _number(m.group(1))
    return value * _FACTORS[m.group(2).lower()]


def format_grams(grams):
    """Format grams for the batch sheet: '1.25 kg' from 1000 g up, else '80 g'."""
    if grams >= 1000:
        return "%.2f kg" % (grams / 1000.0)
    if grams == int(grams):
        return "%d g" % grams
    return "%.1f g" % grams
