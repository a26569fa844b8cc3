"""Parsing and scaling blend recipes."""
from leafmix.teas import CAFFEINE_MG_PER_G


def parse_recipe(text):
    """'assam:6, ceylon:3' -> {'assam': 6, 'ceylon': 3}."""
    recipe = {}
    for item in text.split(","):
        leaf, sep, parts = item.partition(":")
        leaf = leaf.strip().lower()
        if not sep or leaf not in CAFFEINE_MG_PER_G or not parts.strip().isdigit():
            raise ValueError("bad recipe item: %r" % (item,))
        recipe[leaf] = recipe.get(leaf, 0) + int(parts)
    return recipe


def scale(recipe, grams):
    """Grams of each leaf for a batch of `grams`, to one decimal."""
    total = sum(recipe.values())
    return {leaf: round(grams * parts / total, 1) for leaf, parts in recipe.items()}


def caffeine_mg(recipe, cup_grams=2.5):
    """Estimated caffeine in one cup brewed from `cup_grams` of the blend."""
    total = sum(recipe.values())
    if not total:
        return 0.0
    exact = sum(cup_grams * parts / total * CAFFEINE_MG_PER_G[leaf] for leaf, parts in recipe.items())
    return round(exact, 1)


def merge(*recipes, weight=1):
    """Add recipes together, each part multiplied by `weight`."""
    out = {}
    for recipe in recipes:
        for leaf, parts in recipe.items():
            out[leaf] = out.get(leaf, 0) + parts * weight
    return out


class Blend:
    def __init__(self, name, recipe):
        self.name = name
        self.recipe = dict(recipe)

    @classmethod
    def from_line(cls, line):
        """'Harbour Grey = assam:6, ceylon:3, bergamot:1' -> Blend."""
        name, sep, text = line.partition("=")
        if not sep or not name.strip():
            raise ValueError("bad blend line: %r" % (line,))
        return cls(name.strip(), parse_recipe(text))

    @property
    def caffeine_free(self):
        return caffeine_mg(self.recipe) == 0.0

    def scaled(self, grams):
        return scale(self.recipe, grams)
