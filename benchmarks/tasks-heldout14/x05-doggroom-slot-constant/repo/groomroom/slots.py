"""Appointment slots. Times are minutes after midnight."""

OPEN = 9 * 60
CLOSE = 17 * 60 + 30

# How many back-to-back slots a dog of each size needs.
SLOTS_BY_SIZE = {"toy": 1, "small": 1, "medium": 2, "large": 2, "giant": 3}


def hhmm(minutes):
    return "%02d:%02d" % divmod(minutes, 60)


def slot_starts():
    """Start time of every slot in the day."""
    return list(range(OPEN, CLOSE - 45 + 1, 45))


def day_capacity():
    """Number of slots in a day."""
    return (CLOSE - OPEN) // 45


def appointment_length(size):
    """Minutes booked for a dog of the given size."""
    return SLOTS_BY_SIZE[size] * 45


def slot_label(start):
    """'09:45-10:30 (45 min)' for the slot starting at `start`."""
    return "%s-%s (45 min)" % (hhmm(start), hhmm(start + 45))


def fits_before_close(start, size):
    """Can an appointment for this size starting at `start` finish by closing time?"""
    return start + appointment_length(size) <= CLOSE
