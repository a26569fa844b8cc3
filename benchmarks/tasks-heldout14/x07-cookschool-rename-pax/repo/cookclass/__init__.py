"""cookclass: bookings for an evening cookery school."""
from cookclass.booking import Booking
from cookclass.courses import COURSES, Course

__all__ = ["Booking", "COURSES", "Course"]
