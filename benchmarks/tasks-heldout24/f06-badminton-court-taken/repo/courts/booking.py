"""Booking the club's courts by the hour."""
from dataclasses import dataclass

COURTS = 4
OPENS, CLOSES = 7, 22          # first and last+1 bookable hours
DAYS = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")


@dataclass(frozen=True)
class Booking:
    day: str
    hour: int
    court: int
    name: str


def check_request(day, hour, court):
    """ValueError unless the day, hour and court can be booked at all."""
    if day not in DAYS:
        raise ValueError("unknown day %r" % day)
    if not OPENS <= hour < CLOSES:
        raise ValueError("the hall is closed at %02d:00" % hour)
    if not 1 <= court <= COURTS:
        raise ValueError("there is no court %d" % court)


def taken(bookings, day, hour, court):
    return any(b.day == day and b.hour == hour and b.court == court for b in bookings)


def book_court(bookings, day, hour, court, name):
    """Add a booking to `bookings` and return it.

    Raises ValueError for a request that cannot be booked and for a court
    that is already booked at that hour.
    """
    check_request(day, hour, court)
    if taken(bookings, day, hour, court):
        raise ValueError("court %d is already booked at %02d:00 on %s" % (court, hour, day))
    booking = Booking(day, hour, court, name)
    bookings.append(booking)
    return booking


def free_courts(bookings, day, hour):
    return [c for c in range(1, COURTS + 1) if not taken(bookings, day, hour, c)]
