"""Turn the yield estimate into orders and staffing."""

import math

from .trees import calc_yield

CRATE_KG = 18
KG_PER_PICKER_DAY = 400


def crates_needed(trees, season_factor=1.0, crate_kg=CRATE_KG):
    return math.ceil(calc_yield(trees, season_factor=season_factor) / crate_kg)


def pickers_needed(trees, days, season_factor=1.0):
    """Pickers to hire so the crop is in within `days` days."""
    kg = calc_yield(trees, season_factor=season_factor)
    return math.ceil(kg / (KG_PER_PICKER_DAY * days))
