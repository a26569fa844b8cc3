"""Prices."""

ADULT_FARE = 12.00
CHILD_FARE = 6.00
BIKE_FARE = 3.00


def quote(booking):
    """Total price of a booking in euros."""
    if booking.adults < 1:
        raise ValueError("at least one adult must travel")
    total = (booking.adults * ADULT_FARE + booking.children * CHILD_FARE
             + booking.bikes * BIKE_FARE)
    return round(total, 2)
