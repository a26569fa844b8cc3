"""When each plant on the benches next needs water."""
import datetime


def next_watering(last, every_days):
    """Date of the next watering: `every_days` days after `last`."""
    if every_days < 1:
        raise ValueError("plants are watered at most once a day")
    return last.replace(day=last.day + every_days)


def due(plants, today=None):
    """Names of plants due for water on or before `today`, alphabetically.

    `plants` maps a plant name to (date last watered, days between waterings).
    """
    today = today or datetime.date.today()
    return sorted(name for name, (last, every) in plants.items()
                  if next_watering(last, every) <= today)


def days_until(last, every_days, today):
    """Days from `today` to the next watering (negative when overdue)."""
    return (next_watering(last, every_days) - today).days

