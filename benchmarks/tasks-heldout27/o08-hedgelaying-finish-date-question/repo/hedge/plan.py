"""How long a length of hedge takes to lay, and when the work finishes."""
import math
from datetime import date, timedelta

METRES_PER_LAYER_DAY = 12
CROWDING_LOSS = 4  # metres a day lost by a crew of three or more getting in each other's way
HOLIDAYS = {date(2025, 12, 25), date(2025, 12, 26), date(2026, 1, 1)}
SEASON_END = (3, 31)  # no laying from April to August: nesting birds


def working_day(d):
    """Monday to Friday, bank holidays excepted."""
    return d.weekday() < 5 and d not in HOLIDAYS


def metres_per_day(crew):
    per_day = METRES_PER_LAYER_DAY * crew
    if crew >= 3:
        per_day -= CROWDING_LOSS
    return per_day


def days_needed(metres, crew=1):
    return math.ceil(metres / metres_per_day(crew))


def finish_date(metres, start, crew=1):
    """The working day on which the last metre is laid; the start counts if
    it is a working day."""
    left = days_needed(metres, crew)
    d = start
    while True:
        if working_day(d):
            left -= 1
            if left == 0:
                break
        d += timedelta(days=1)
    if (d.month, d.day) > SEASON_END and d.month < 9:
        raise ValueError("would run past the end of the season: %s" % d.isoformat())
    return d
