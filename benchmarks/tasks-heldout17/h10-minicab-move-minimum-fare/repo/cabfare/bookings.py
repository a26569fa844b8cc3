"""Phone and app bookings: the price quoted before the trip."""
from cabfare.meter import metered_fare

MINIMUM_FARE = 6.00   # no booked trip is quoted below this
BOOKING_FEE = 0.50    # phone bookings only


def quote(miles, hour, by_app=False):
    """Price quoted for a booked trip."""
    fare = max(MINIMUM_FARE, metered_fare(miles, hour))
    if not by_app:
        fare += BOOKING_FEE
    return round(fare, 2)
