"""Bookings: name,email,tent,arrive,nights,remind_days (remind_days may be blank)."""
import csv
from collections import namedtuple
from datetime import date, timedelta

Booking = namedtuple("Booking", "name email tent arrive nights remind_days")


def load_bookings(path):
    out = []
    with open(path, newline="", encoding="utf-8") as f:
        for r in csv.DictReader(f):
            days = (r.get("remind_days") or "").strip()
            out.append(Booking(r["name"].strip(), r["email"].strip(), r["tent"].strip(),
                               date.fromisoformat(r["arrive"].strip()), int(r["nights"]),
                               int(days) if days else None))
    return out


def reminder_date(arrive, days_before=1):
    """The day the reminder email goes out for an arrival on `arrive`."""
    return arrive - timedelta(days=days_before)


def reminder_for(booking):
    if booking.remind_days is None:
        return reminder_date(booking.arrive)
    return reminder_date(booking.arrive, booking.remind_days)
