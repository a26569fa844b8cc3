"""How long legs take, and how durations are shown."""

SPEED_MPH = 3.0
LOCK_MINUTES = 15


def leg_minutes(leg):
    """Minutes to cruise a leg, locks included (not rounded)."""
    return leg.miles / SPEED_MPH * 60 + leg.locks * LOCK_MINUTES


def format_duration(minutes):
    """Show a number of minutes as e.g. '2h05m', to the nearest minute."""
    hours = int(minutes // 60)
    mins = round(minutes % 60)
    return "%dh%02dm" % (hours, mins)


def parse_clock(text):
    """'09:30' -> minutes after midnight."""
    hh, mm = text.strip().split(":")
    return int(hh) * 60 + int(mm)


def format_clock(minutes):
    """Minutes after midnight -> 'HH:MM' (wrapping past midnight)."""
    minutes = int(minutes) % (24 * 60)
    return "%02d:%02d" % (minutes // 60, minutes % 60)
