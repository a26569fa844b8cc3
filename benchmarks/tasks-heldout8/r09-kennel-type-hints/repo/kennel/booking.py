"""Bookings and kennel occupancy."""

import datetime

from .rates import stay_cost


class Booking:
    def __init__(self, dog, size, arrive, depart, extras=()):
        if depart <= arrive:
            raise ValueError("departure must be after arrival")
        self.dog = dog
        self.size = size
        self.arrive = arrive
        self.depart = depart
        self.extras = list(extras)

    def nights(self):
        return (self.depart - self.arrive).days

    def cost(self):
        return stay_cost(self.size, self.nights(), self.extras)

    def on_site(self, day):
        """True if the dog sleeps at the kennel on the night of `day`."""
        return self.arrive <= day < self.depart


def parse_booking(line):
    dog, size, arrive, depart, *extras = line.split()
    return Booking(dog, size, datetime.date.fromisoformat(arrive),
                   datetime.date.fromisoformat(depart), extras)


def overlapping(a, b):
    """True if the two bookings share at least one night."""
    return a.arrive < b.depart and b.arrive < a.depart


def occupancy(bookings, day):
    return sum(1 for b in bookings if b.on_site(day))
