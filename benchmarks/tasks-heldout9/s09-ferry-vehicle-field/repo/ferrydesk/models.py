"""Booking records."""

from dataclasses import dataclass


@dataclass
class Booking:
    name: str
    adults: int
    children: int = 0
    bikes: int = 0

    def passengers(self):
        return self.adults + self.children
