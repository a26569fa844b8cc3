"""Lesson rates and money sums, all in whole pence."""

HOURLY_RATE = {"maths": 3200, "physics": 3400, "english": 3000}


def lesson_fee(subject, minutes):
    """Fee in pence for a lesson, rounded to the nearest penny."""
    return round(HOURLY_RATE[subject] * minutes / 60)


def total(fees):
    return sum(fees)
