"""Find free appointment times in a day's bookings."""


def _mins(hhmm):
    hours, minutes = hhmm.split(":")
    return int(hours) * 60 + int(minutes)


def _hhmm(minutes):
    return "%02d:%02d" % divmod(minutes, 60)


def free_slots(bookings, length, step=15, open_at="09:00", close_at="18:00"):
    """Start times ('HH:MM') at which an appointment of `length` minutes fits.

    `bookings` is a list of (start, end) pairs like ("10:00", "10:45").
    Candidate start times are tried every `step` minutes from opening.
    """
    taken = [(_mins(a), _mins(b)) for a, b in bookings]
    out = []
    t = _mins(open_at)
    while t + length <= _mins(close_at):
        if all(t + length <= a or t >= b for a, b in taken):
            out.append(_hhmm(t))
        t += step
    return out
