"""Pick the hours worth observing."""
from stargaze.darkness import calc_darkness

NIGHT_HOURS = [18, 19, 20, 21, 22, 23, 0, 1, 2, 3, 4, 5, 6]


def best_hours(moon_illumination, min_score=6):
    """Night hours (in night order) whose darkness is at least `min_score`."""
    return [h for h in NIGHT_HOURS
            if calc_darkness(h, moon_illumination) >= min_score]


def darkest_hour(moon_illumination):
    """The first night hour with the highest darkness score."""
    return max(NIGHT_HOURS, key=lambda h: calc_darkness(h, moon_illumination))
