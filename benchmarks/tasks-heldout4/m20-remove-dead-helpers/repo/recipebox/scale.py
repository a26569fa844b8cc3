import argparse
import re
import sys
from dataclasses import dataclass
from fractions import Fraction

from .helpers import format_quantity, parse_fraction, pluralize

_LINE = re.compile(r"^\s*(?P<qty>\d+(?:\s+\d+/\d+|/\d+|\.\d+)?)\s+(?:(?P<unit>[a-z]+)\s+)?(?P<name>.+?)\s*$")
UNITS = {"cup", "cups", "tbsp", "tsp", "g", "kg", "ml", "l", "pinch", "pinches"}


@dataclass
class Ingredient:
    quantity: Fraction
    unit: str
    name: str

    def format(self):
        unit = pluralize(self.unit, self.quantity)
        return " ".join(x for x in (format_quantity(self.quantity), unit, self.name) if x)


def parse_ingredient(line):
    m = _LINE.match(line)
    if not m:
        raise ValueError("cannot parse ingredient: %r" % line)
    unit, name = m.group("unit") or "", m.group("name")
    if unit and unit not in UNITS:
        unit, name = "", unit + " " + name
    return Ingredient(parse_fraction(m.group("qty")), unit, name)


def scale_recipe(lines, factor):
    out = []
    for line in lines:
        if line.strip():
            ing = parse_ingredient(line)
            out.append(Ingredient(ing.quantity * Fraction(factor), ing.unit, ing.name))
    return out


def main(argv=None):
    p = argparse.ArgumentParser(prog="recipebox")
    p.add_argument("recipe")
    p.add_argument("--servings", type=int, required=True)
    p.add_argument("--base", type=int, default=4, help="servings the recipe is written for")
    args = p.parse_args(argv)
    with open(args.recipe, encoding="utf-8") as fh:
        for ing in scale_recipe(fh, Fraction(args.servings, args.base)):
            print(ing.format())
    return 0


if __name__ == "__main__":
    sys.exit(main())
