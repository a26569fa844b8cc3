"""Dough arithmetic."""


def total_weight(recipe):
    """Total dough weight in grams."""
    return sum(recipe.values())


def bakers_percentages(recipe):
    """Each ingredient as a percentage of the flour weight, one decimal."""
    flour = recipe.get("flour", 0)
    if flour <= 0:
        raise ValueError("recipe has no flour")
    return {name: round(grams * 100.0 / flour, 1) for name, grams in recipe.items()}


def salt_ok(recipe, low=1.8, high=2.2):
    """True if the salt is within the usual 1.8-2.2% of flour."""
    pct = bakers_percentages(recipe).get("salt", 0.0)
    return low <= pct <= high
