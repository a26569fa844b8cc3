"""Session days and times at the Starlight Roller Disco."""
import datetime

SESSIONS = {  # weekday number -> (name, opens, closes)
    2: ("Wednesday", "19:00", "21:30"),
    5: ("Saturday", "14:00", "17:00"),
}


def is_session_day(day):
    return day.weekday() in SESSIONS


def next_session_day(day):
    """The first session day on or after `day`."""
    while not is_session_day(day):
        day += datetime.timedelta(days=1)
    return day


def session_days(first, last):
    """Every session day from first to last, both included."""
    out = []
    day = next_session_day(first)
    while day <= last:
        out.append(day)
        day = next_session_day(day + datetime.timedelta(days=1))
    return out


def describe(day):
    name, opens, closes = SESSIONS[day.weekday()]
    return "%s %s, %s-%s" % (name, day.isoformat(), opens, closes)
