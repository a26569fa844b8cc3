"""One party's booking on a course."""
from dataclasses import dataclass

from cookclass.courses import COURSES


@dataclass
class Booking:
    course: str
    name: str
    pax: int = 1
    vegetarian: int = 0

    def __post_init__(self):
        if self.course not in COURSES:
            raise ValueError("no such course: %r" % (self.course,))
        if self.pax < 1:
            raise ValueError("a booking needs at least one person")
        if not 0 <= self.vegetarian <= self.pax:
            raise ValueError("vegetarian count must be between 0 and the party size")

    @property
    def label(self):
        return "%s (%d)" % (self.name, self.pax)
