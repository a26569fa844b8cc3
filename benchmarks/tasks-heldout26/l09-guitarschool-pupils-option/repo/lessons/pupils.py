"""Pupils and lesson bookings.

pupils.csv: pupil, parent email, rate (pence per 30 minutes).
lessons.csv: date (YYYY-MM-DD), time (HH:MM), pupil, minutes.
"""
import csv
from datetime import date

PUPILS_CSV = "pupils.csv"


def load_pupils(path=PUPILS_CSV):
    """{pupil: (email, rate in pence per 30 minutes)}"""
    with open(path, newline="", encoding="utf-8") as f:
        return {r["pupil"].strip(): (r["email"].strip(), int(r["rate"])) for r in csv.DictReader(f)}


def load_lessons(path):
    """[(date, time, pupil, minutes)] in date and time order."""
    with open(path, newline="", encoding="utf-8") as f:
        rows = [(date.fromisoformat(r["date"].strip()), r["time"].strip(), r["pupil"].strip(), int(r["minutes"]))
                for r in csv.DictReader(f)]
    return sorted(rows)


def cost(minutes, rate):
    """Pence for a lesson: the rate is per 30 minutes, pro rata, to the penny."""
    return round(rate * minutes / 30)
