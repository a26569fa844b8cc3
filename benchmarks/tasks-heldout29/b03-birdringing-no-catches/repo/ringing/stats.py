"""Figures for a list of catches."""
from collections import Counter


def mean_wing(catches):
    return sum(c.wing_mm for c in catches) / len(catches)


def mean_weight(catches):
    return sum(c.weight_g for c in catches) / len(catches)


def heaviest(catches):
    return max(catches, key=lambda c: c.weight_g)


def by_species(catches):
    """[(species, count)], most caught first, then A to Z."""
    counts = Counter(c.species for c in catches)
    return sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
