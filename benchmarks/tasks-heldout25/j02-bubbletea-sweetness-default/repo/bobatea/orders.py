"""Drinks and order lines.

An order line is the tea followed, in any order, by a size (small,
regular, large), a sweetness in per cent (0%, 30%, 50%, 70% or 100%; 100%
by default), an ice level (no ice, less ice, normal ice) and toppings
(+pearls, +jelly, +pudding), separated by commas:

    taro milk tea, large, 50%, less ice, +pearls
"""
from dataclasses import dataclass, field

SIZES = ("small", "regular", "large")
SWEETNESS = (0, 30, 50, 70, 100)
ICE = ("no ice", "less ice", "normal ice")
TOPPINGS = ("pearls", "jelly", "pudding")


@dataclass
class Drink:
    tea: str
    size: str = "regular"
    sweetness: int = 100
    ice: str = "normal ice"
    toppings: list = field(default_factory=list)


def make_drink(tea, size="regular", sweetness=100, ice="normal ice", toppings=()):
    """A checked Drink. The sweetness is in per cent and defaults to 100;
    ValueError for a size, sweetness, ice level or topping we don't do."""
    if size not in SIZES:
        raise ValueError("unknown size %r" % size)
    if sweetness not in SWEETNESS:
        raise ValueError("sweetness must be one of %s" % ", ".join("%d%%" % s for s in SWEETNESS))
    if ice not in ICE:
        raise ValueError("unknown ice level %r" % ice)
    for t in toppings:
        if t not in TOPPINGS:
            raise ValueError("unknown topping %r" % t)
    return Drink(tea, size, sweetness, ice, list(toppings))


def parse_order(line):
    """One order line -> Drink (see the module docstring)."""
    parts = [p.strip().lower() for p in line.split(",") if p.strip()]
    if not parts:
        raise ValueError("empty order line")
    drink = Drink(parts[0])
    for p in parts[1:]:
        if p in SIZES:
            drink.size = p
        elif p.endswith("%") and p[:-1].isdigit():
            drink.sweetness = int(p[:-1])
        elif p in ICE:
            drink.ice = p
        elif p.startswith("+"):
            drink.toppings.append(p[1:])
        else:
            raise ValueError("don't understand %r in %r" % (p, line))
    return make_drink(drink.tea, drink.size, drink.sweetness, drink.ice, drink.toppings)
