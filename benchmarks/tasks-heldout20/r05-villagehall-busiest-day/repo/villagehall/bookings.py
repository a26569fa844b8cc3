"""Hall bookings. A booking is a tuple (day, start hour, end hour, group),
for example ("Tue", 18, 20, "Scouts"); the hall is open 9 to 22."""

DAYS = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")
OPEN, CLOSE = 9, 22


def hours(booking):
    day, start, end, group = booking
    return end - start


def hours_booked(bookings, group):
    """Total hours booked by one group over the week."""
    return sum(hours(b) for b in bookings if b[3] == group)


def clashes(bookings, new):
    """Existing bookings that overlap the new one on the same day."""
    day, start, end, _ = new
    return [b for b in bookings if b[0] == day and b[1] < end and start < b[2]]


def week_sheet(bookings):
    """Lines for the noticeboard, in day and then start order."""
    ordered = sorted(bookings, key=lambda b: (DAYS.index(b[0]), b[1]))
    return ["%s %02d:00-%02d:00 %s" % b for b in ordered]
