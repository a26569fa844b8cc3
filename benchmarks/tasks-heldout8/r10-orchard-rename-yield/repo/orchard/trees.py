"""Per-tree and whole-orchard yield estimates."""

from collections import namedtuple

Tree = namedtuple("Tree", "variety age health")

# Mature yield in kg for a healthy tree of each variety.
MATURE_KG = {"bramley": 120, "cox": 60, "gala": 80}
DEFAULT_MATURE_KG = 70


def tree_yield_kg(tree):
    """Expected kg from one tree: young trees ramp up until age 8."""
    mature = MATURE_KG.get(tree.variety, DEFAULT_MATURE_KG)
    ramp = min(tree.age, 8) / 8.0
    return mature * ramp * max(0.0, min(tree.health, 1.0))


def calc_yield(trees, season_factor=1.0):
    """Expected kg for the whole orchard, rounded to 0.1 kg."""
    if season_factor < 0:
        raise ValueError("season_factor must not be negative")
    return round(sum(tree_yield_kg(t) for t in trees) * season_factor, 1)
