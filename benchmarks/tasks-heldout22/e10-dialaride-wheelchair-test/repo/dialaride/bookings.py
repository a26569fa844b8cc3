"""Who is on which minibus run, and does everyone fit?

A booking is one household travelling together: a number of passengers,
some of whom may travel in their wheelchair (they are counted among the
passengers).
"""
from dataclasses import dataclass

BUS_SEATS = 12
WHEELCHAIR_BAYS = 2   # clamps for at most two wheelchairs per run


@dataclass
class Booking:
    name: str
    passengers: int = 1
    wheelchairs: int = 0
    stop: str = ""

    def __post_init__(self):
        if self.passengers < 1:
            raise ValueError("a booking needs at least one passenger")
        if not 0 <= self.wheelchairs <= self.passengers:
            raise ValueError("%s: wheelchair users are counted among the passengers" % self.name)


def seats_needed(booking):
    """Seats a booking takes up on the bus."""
    return booking.passengers


def seats_taken(bookings):
    return sum(seats_needed(b) for b in bookings)


def seats_left(bookings, seats=BUS_SEATS):
    return seats - seats_taken(bookings)


def fits(bookings, seats=BUS_SEATS):
    """True if everyone booked fits on one run."""
    wheelchairs = sum(b.wheelchairs for b in bookings)
    return seats_taken(bookings) <= seats and wheelchairs <= WHEELCHAIR_BAYS


def can_add(bookings, new, seats=BUS_SEATS):
    return fits(list(bookings) + [new], seats)


def manifest(bookings):
    """The driver's list, in stop order."""
    lines = []
    for b in sorted(bookings, key=lambda b: (b.stop, b.name)):
        extra = " (%d wheelchair%s)" % (b.wheelchairs, "" if b.wheelchairs == 1 else "s") if b.wheelchairs else ""
        lines.append("%-14s %-22s x%d%s" % (b.stop or "-", b.name, b.passengers, extra))
    lines.append("%d passengers, %d of %d seats left" % (sum(b.passengers for b in bookings),
                                                         max(0, seats_left(bookings)), BUS_SEATS))
    return lines
