"""Notices for the club noticeboard and reminder e-mails."""
from datetime import timedelta

from rowclub.rules import MIN_NOTICE


def notice_text():
    return "Book boats at least %d days ahead." % MIN_NOTICE


def last_chance(start):
    """Latest moment a booking for `start` can still be made."""
    return start - timedelta(days=MIN_NOTICE)


def reminder(name, start):
    return "%s, book by %s for your outing at %s." % (
        name, last_chance(start).strftime("%a %d %b %H:%M"), start.strftime("%a %d %b %H:%M"))
