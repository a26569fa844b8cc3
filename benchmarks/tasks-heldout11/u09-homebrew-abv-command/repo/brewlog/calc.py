"""Gravity arithmetic. Gravities are specific gravities such as 1.050."""


def abv(og, fg):
    """Alcohol by volume in percent, by the usual (OG - FG) * 131.25 rule."""
    return (og - fg) * 131.25


def attenuation(og, fg):
    """Apparent attenuation in percent: how much of the sugar was eaten."""
    if og <= 1.0:
        raise ValueError("original gravity must be above 1.000")
    return (og - fg) / (og - 1.0) * 100


def sg_to_plato(sg):
    """Degrees Plato from specific gravity (simple approximation)."""
    return 259.0 - 259.0 / sg


def scale_grams(grams, from_litres, to_litres):
    """Scale a recipe amount from one batch size to another."""
    if from_litres <= 0 or to_litres <= 0:
        raise ValueError("batch sizes must be positive")
    return grams * to_litres / from_litres
