"""Taxi meter tariff for Lakeside Minicabs. Money in pounds."""

FLAG_FALL = 3.20        # charged as soon as the meter starts
PER_MILE = 2.10
NIGHT_MULTIPLIER = 1.5  # from NIGHT_START until NIGHT_END
NIGHT_START = 22
NIGHT_END = 6


def is_night(hour):
    """True for trips starting between 22:00 and 05:59."""
    return hour >= NIGHT_START or hour < NIGHT_END


def metered_fare(miles, hour):
    """Fare shown on the meter for a trip starting at `hour` (0-23)."""
    fare = FLAG_FALL + miles * PER_MILE
    if is_night(hour):
        fare *= NIGHT_MULTIPLIER
    return round(fare, 2)
