"""What a net lane costs. Sessions are booked in half hours."""

DAY_RATE = 1200      # pence an hour before 5pm
EVENING_RATE = 1800  # pence an hour from 5pm
EVENING_FROM = 17


def lane_price(start, minutes):
    """Pence for one lane from "HH:MM"; the start time sets the rate."""
    hour = int(start.split(":")[0])
    if minutes <= 0 or minutes % 30:
        raise ValueError("book whole half hours")
    rate = EVENING_RATE if hour >= EVENING_FROM else DAY_RATE
    return rate * minutes // 60


def club_bill(sessions):
    """Total pence for a list of (start, minutes) sessions."""
    return sum(lane_price(start, minutes) for start, minutes in sessions)
