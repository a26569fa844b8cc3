"""Bookings and what they cost."""

from dataclasses import dataclass
from typing import Optional

from saunabook.pricing import session_price

OFF_PEAK_HOURS = range(9, 15)   # sessions starting 09:00-14:59


@dataclass
class Booking:
    name: str
    start_hour: int
    minutes: int
    guests: int
    towels: int = 0
    card: Optional[str] = None   # loyalty card number, printed on the receipt

    @property
    def off_peak(self):
        return self.start_hour in OFF_PEAK_HOURS


def quote(booking):
    """Price in cents of one booking."""
    return session_price(booking.minutes, booking.guests, booking.towels,
                         booking.card, booking.off_peak)


def day_total(bookings):
    return sum(quote(b) for b in bookings)
