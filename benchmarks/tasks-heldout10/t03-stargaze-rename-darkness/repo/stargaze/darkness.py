"""How dark the sky is at a given hour."""

# Darkness (0-10) for each hour of a mid-latitude night, before the moon.
_BASE = {18: 1, 19: 3, 20: 5, 21: 7, 22: 9, 23: 10, 0: 10, 1: 10,
         2: 10, 3: 9, 4: 7, 5: 4, 6: 1}

# How much a full moon takes off the score (0.6 = 60 %).
MOON_PENALTY = 0.6


def calc_darkness(hour, moon_illumination):
    """Darkness score 0-10 at `hour` (0-23) with the moon `moon_illumination` lit (0-1)."""
    if not 0 <= hour <= 23:
        raise ValueError("hour must be between 0 and 23")
    if not 0.0 <= moon_illumination <= 1.0:
        raise ValueError("moon_illumination must be between 0 and 1")
    base = _BASE.get(hour, 0)
    return round(base * (1 - MOON_PENALTY * moon_illumination), 1)
