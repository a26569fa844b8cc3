"""What a session on a table costs."""

DAY_RATE = 600       # pence an hour
EVENING_RATE = 900   # pence an hour
EVENING_FROM = 18    # hour of the day the evening rate starts
CLOSING = 23         # tables close at 11pm


def minute_rate(minute_of_day):
    """Pence an hour for the given minute of the day."""
    return EVENING_RATE if minute_of_day >= EVENING_FROM * 60 else DAY_RATE


def session_cost(start, minutes):
    """Pence for a session starting at "HH:MM" and lasting `minutes`. Each
    minute is charged at the rate in force; rounded to a penny at the end."""
    hour, minute = map(int, start.split(":"))
    first = hour * 60 + minute
    if first + minutes > CLOSING * 60:
        raise ValueError("tables close at %d:00" % CLOSING)
    return round(sum(minute_rate(t) for t in range(first, first + minutes)) / 60)
