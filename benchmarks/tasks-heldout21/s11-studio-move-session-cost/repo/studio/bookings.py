"""Room bookings: reading them, clashes, and what each session costs."""
import csv
import io
from collections import namedtuple
from datetime import date

ROOM_RATES = {"live": 4500, "rehearsal": 2200}  # pence an hour
ENGINEER_RATE = 3000                             # pence an hour
EVENING_FROM = 18                                # hour the surcharge starts
EVENING_SURCHARGE = 0.2                          # on room hours from 18:00
OPEN_HOUR, CLOSE_HOUR = 10, 24

Booking = namedtuple("Booking", "band room day start hours engineer")


def session_cost(room, start, hours, engineer=False):
    """Cost in pence of `hours` in `room` starting at hour `start`."""
    if room not in ROOM_RATES:
        raise ValueError("no such room: %r" % room)
    if hours < 1 or start < OPEN_HOUR or start + hours > CLOSE_HOUR:
        raise ValueError("sessions run between %d:00 and midnight" % OPEN_HOUR)
    rate = ROOM_RATES[room]
    evening = max(0, start + hours - max(start, EVENING_FROM))
    cost = rate * hours + round(rate * EVENING_SURCHARGE) * evening
    if engineer:
        cost += ENGINEER_RATE * hours
    return cost


def parse_bookings(text):
    out = []
    for row in csv.DictReader(io.StringIO(text)):
        out.append(Booking(row["band"].strip(), row["room"].strip(), date.fromisoformat(row["day"].strip()),
                           int(row["start"]), int(row["hours"]),
                           row.get("engineer", "").strip().lower() in ("yes", "y", "1")))
    return out


def clashes(bookings):
    """Pairs of bookings that overlap in the same room on the same day."""
    found = []
    for i, a in enumerate(bookings):
        for b in bookings[i + 1:]:
            if a.room == b.room and a.day == b.day and a.start < b.start + b.hours and b.start < a.start + a.hours:
                found.append((a, b))
    return found


def day_sheet(bookings, day):
    """Lines for the studio wall sheet: each session that day and its cost."""
    lines = []
    for b in sorted((b for b in bookings if b.day == day), key=lambda b: (b.start, b.room)):
        cost = session_cost(b.room, b.start, b.hours, b.engineer)
        lines.append("%02d:00-%02d:00 %-9s %-16s %7.2f" % (b.start, b.start + b.hours, b.room, b.band, cost / 100))
    return lines
