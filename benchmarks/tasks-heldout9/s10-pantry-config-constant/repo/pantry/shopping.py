"""Shopping lists in whole packs."""

import math

from .config import PACK_SIZES
from .scaling import scale_recipe

MAX_SERVINGS = 48


def shopping_list(recipes, servings):
    """{ingredient: packs to buy} to cook every recipe for `servings` people."""
    if servings > MAX_SERVINGS:
        raise ValueError("too many servings for one cook: %d" % servings)
    need = {}
    for recipe in recipes:
        for name, grams in scale_recipe(recipe, servings)["items"].items():
            need[name] = need.get(name, 0) + grams
    return {name: math.ceil(grams / float(PACK_SIZES.get(name, 1000)))
            for name, grams in sorted(need.items())}
