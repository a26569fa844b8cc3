"""Tour fares, in pence.

A tour is charged per half hour for each passenger, children (under 12)
at half price. Every punt used costs at least PUNT_MINIMUM per half hour,
so a small party pays for the punt rather than the seats. Weekends and
bank holidays cost 15% more, and fares are rounded up to the next 50p.
"""
import math
from datetime import date

ADULT_RATE = 1200      # an adult's half hour
CHILD_DIVISOR = 2      # children pay half
BLOCK_MINUTES = 30
GRACE_MINUTES = 10     # up to 10 minutes over a half hour are not charged
PUNT_SEATS = 6
PUNT_MINIMUM = 4000    # per punt, per half hour
WEEKEND_PERCENT = 15
BANK_HOLIDAYS = {date(2025, 5, 5), date(2025, 5, 26), date(2025, 8, 25), date(2025, 12, 25)}


def half_hours(minutes):
    """Half hours charged for a tour of `minutes` (at least one)."""
    full, extra = divmod(minutes, BLOCK_MINUTES)
    return max(1, full + (1 if extra > GRACE_MINUTES else 0))


def punts_needed(adults, children):
    return math.ceil((adults + children) / PUNT_SEATS)


def premium_day(day):
    return day.weekday() >= 5 or day in BANK_HOLIDAYS


def tour_price(adults, children, minutes, day):
    """Pence for a party's tour."""
    if adults < 1:
        raise ValueError("children must be with an adult")
    n = half_hours(minutes)
    seats = n * (adults * ADULT_RATE + children * (ADULT_RATE // CHILD_DIVISOR))
    minimum = n * punts_needed(adults, children) * PUNT_MINIMUM
    price = max(seats, minimum)
    if premium_day(day):
        price += price * WEEKEND_PERCENT // 100
    return math.ceil(price / 50) * 50
