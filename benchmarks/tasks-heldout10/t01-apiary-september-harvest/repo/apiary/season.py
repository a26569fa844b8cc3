"""When the beekeeping season runs."""

SEASON_START = 4   # April, first month of the season
SEASON_END = 9     # September, last month of the season

MONTH_NAMES = [
    "January", "February", "March", "April", "May", "June",
    "July", "August", "September", "October", "November", "December",
]


def in_season(day):
    """True if the date `day` falls inside the harvest season."""
    return SEASON_START <= day.month < SEASON_END


def season_label(year):
    """Human label for one season, e.g. '2026 (April to September)'."""
    first = MONTH_NAMES[SEASON_START - 1]
    last = MONTH_NAMES[SEASON_END - 1]
    return "%d (%s to %s)" % (year, first, last)
