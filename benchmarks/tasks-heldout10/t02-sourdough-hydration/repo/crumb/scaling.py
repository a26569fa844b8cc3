"""Scale recipes up or down."""
from crumb.dough import total_weight


def scale(recipe, factor):
    """A copy of `recipe` with every amount multiplied by `factor` (whole grams)."""
    if factor <= 0:
        raise ValueError("factor must be positive")
    return {name: int(round(grams * factor)) for name, grams in recipe.items()}


def scale_to_weight(recipe, target_g):
    """Scale `recipe` so the whole dough weighs about `target_g` grams."""
    return scale(recipe, target_g / float(total_weight(recipe)))


def for_loaves(recipe, loaves):
    return scale(recipe, loaves)
