"""Booking requests."""
from datetime import date

MAX_NIGHTS = 28


def nights_between(arrive, leave):
    return (leave - arrive).days


def check_booking(arrive, leave):
    """Problems with a requested stay, as a list of strings (empty if fine)."""
    problems = []
    nights = nights_between(arrive, leave)
    if nights < 1:
        problems.append("leave date must be after arrive date")
    if nights > MAX_NIGHTS:
        problems.append("stays are limited to %d nights" % MAX_NIGHTS)
    if arrive.month == 12 and arrive.day in (24, 25):
        problems.append("no arrivals on 24 or 25 December")
    return problems


def parse_day(text):
    return date.fromisoformat(text.strip())
