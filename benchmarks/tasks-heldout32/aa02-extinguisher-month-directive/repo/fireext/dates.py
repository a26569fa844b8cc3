"""Reading and showing days. units.csv and --today are written YYYY-MM-DD."""
from datetime import datetime

DAY_FORMAT = "%Y-%M-%d"
SHOW_FORMAT = "%d/%M/%Y"


def parse_day(text):
    return datetime.strptime(text.strip(), DAY_FORMAT).date()


def show_day(day):
    return day.strftime(SHOW_FORMAT)


def add_years(day, years):
    """The same day `years` later (28 February for a 29 February)."""
    try:
        return day.replace(year=day.year + years)
    except ValueError:
        return day.replace(year=day.year + years, day=28)
