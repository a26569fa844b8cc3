"""beachhut: lettings for the council's beach huts."""
from beachhut.bookings import Booking, overlaps
from beachhut.oldcsv import read_2019_export
from beachhut.prices import week_price

__all__ = ["Booking", "overlaps", "read_2019_export", "week_price"]
