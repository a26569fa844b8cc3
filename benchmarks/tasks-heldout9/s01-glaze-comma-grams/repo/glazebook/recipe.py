"""Recipes are lists of (grams, material) pairs."""

import re

from .units import parse_amount

_LINE = re.compile(r"^\s*([0-9][0-9.,]*\s*(?:mg|g|kg))\s+(.+?)\s*$", re.IGNORECASE)


def parse_line(line):
    """Parse '450 g custer feldspar' into (450.0, 'custer feldspar')."""
    m = _LINE.match(line)
    if not m:
        raise ValueError("bad recipe line: %r" % (line,))
    return parse_amount(m.group(1)), m.group(2)


def load_recipe(text):
    """Parse a whole recipe; blank lines and '#' comments are skipped."""
    items = []
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        items.append(parse_line(line))
    return items


def scale(recipe, factor):
    """Multiply every amount by `factor`."""
    if factor <= 0:
        raise ValueError("factor must be positive")
    return [(grams * factor, name) for grams, name in recipe]


def total_grams(recipe):
    return sum(grams for grams, _ in recipe)
