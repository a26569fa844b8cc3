"""Scaling recipes to a number of servings."""

from .config import DEFAULT_SERVINGS, ROUND_TO_GRAMS

MAX_SERVINGS = 48  # the big pots hold this much


def _round(grams):
    return int(round(grams / float(ROUND_TO_GRAMS))) * ROUND_TO_GRAMS


def scale_recipe(recipe, servings):
    """New recipe dict with every amount scaled from recipe['servings'] to `servings`."""
    if not 1 <= servings <= MAX_SERVINGS:
        raise ValueError("servings must be between 1 and %d" % MAX_SERVINGS)
    base = recipe.get("servings", DEFAULT_SERVINGS)
    factor = servings / float(base)
    items = {name: _round(grams * factor) for name, grams in recipe["items"].items()}
    return {"servings": servings, "items": items}
