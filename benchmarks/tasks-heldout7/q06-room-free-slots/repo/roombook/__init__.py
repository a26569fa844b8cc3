"""Meeting-room booking helpers."""
from .bookings import Booking, conflicts, for_room, load_bookings
from .report import day_report
from .timeutil import to_hhmm, to_minutes

__all__ = ["Booking", "conflicts", "for_room", "load_bookings", "day_report",
           "to_hhmm", "to_minutes"]
