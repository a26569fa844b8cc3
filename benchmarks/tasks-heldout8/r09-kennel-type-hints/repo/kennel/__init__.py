"""Dog kennel bookings and prices."""

from .booking import Booking, occupancy, overlapping, parse_booking
from .rates import long_stay_discount, nightly_rate, stay_cost

__all__ = ["Booking", "long_stay_discount", "nightly_rate", "occupancy",
           "overlapping", "parse_booking", "stay_cost"]
