"""Bonus-point scoring, as used by the club until the 2019 season.

Places 1 to 6 score 0, 3, 5.7, 8, 10 and 11.7 points; 7th and below score
place + 6. Kept so the old series could be reprinted.
"""

BONUS = {1: 0.0, 2: 3.0, 3: 5.7, 4: 8.0, 5: 10.0, 6: 11.7}


def bonus_points(place, entries):
    """Points for one race under the old bonus system."""
    if place is None:
        return entries + 1 + 6
    return BONUS.get(place, place + 6.0)


def bonus_series(places, entries):
    """Series total with no discards (the old rule)."""
    return round(sum(bonus_points(p, entries) for p in places), 1)
