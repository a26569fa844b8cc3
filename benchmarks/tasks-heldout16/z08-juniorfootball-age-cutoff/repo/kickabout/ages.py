"""Ages, seasons and age groups."""

from datetime import date

YOUNGEST, OLDEST = 7, 16


def age_on(birth, day):
    """Whole years old on `day`."""
    before_birthday = (day.month, day.day) < (birth.month, birth.day)
    return day.year - birth.year - (1 if before_birthday else 0)


def season_of(day):
    """Start year of the season in progress on `day` (seasons start 1 September)."""
    return day.year if day.month >= 9 else day.year - 1


def season_label(day):
    start = season_of(day)
    return "%d-%02d" % (start, (start + 1) % 100)


def age_group(birth, today):
    """'U7' ... 'U16': the group above the player's age on the day they register."""
    n = age_on(birth, today) + 1
    if n < YOUNGEST:
        raise ValueError("too young for U%d: born %s" % (YOUNGEST, birth.isoformat()))
    if n > OLDEST:
        raise ValueError("too old for U%d: born %s" % (OLDEST, birth.isoformat()))
    return "U%d" % n


def long_date(day):
    """date(2026, 3, 5) -> '5 March 2026'."""
    return "%d %s %d" % (day.day, day.strftime("%B"), day.year)


def group_number(group):
    return int(group[1:])


def is_valid_birth(birth, today=None):
    today = today or date.today()
    return birth < today
