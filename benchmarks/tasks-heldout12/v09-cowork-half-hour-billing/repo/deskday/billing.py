"""What a booking costs."""

RATES = {"hot desk": 600, "fixed desk": 900, "meeting room": 2400}  # cents per hour


def minutes(hhmm):
    hours, mins = hhmm.split(":")
    return int(hours) * 60 + int(mins)


def booked_minutes(start, end):
    length = minutes(end) - minutes(start)
    if length <= 0:
        raise ValueError("booking must end after it starts: %s-%s" % (start, end))
    return length


def billable_hours(start, end):
    """Hours billed for a booking: every started hour counts in full."""
    return -(-booked_minutes(start, end) // 60)


def charge(space, start, end):
    """Price of one booking in cents."""
    if space not in RATES:
        raise ValueError("unknown space %r" % (space,))
    return RATES[space] * billable_hours(start, end)
