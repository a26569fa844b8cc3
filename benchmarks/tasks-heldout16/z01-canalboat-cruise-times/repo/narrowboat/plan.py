"""A day's cruise plan: arrival times for each leg."""

from narrowboat.timing import format_clock, format_duration, leg_minutes, parse_clock


def total_minutes(legs):
    return sum(leg_minutes(leg) for leg in legs)


def timetable(legs, start="09:00"):
    """[(leg name, arrival 'HH:MM')] for each leg in order."""
    clock = parse_clock(start)
    rows = []
    for leg in legs:
        clock += int(leg_minutes(leg))
        rows.append((leg.name, format_clock(clock)))
    return rows


def plan_lines(legs, start="09:00"):
    """Printable plan: one line per leg, then the total."""
    lines = []
    for leg, (name, arrive) in zip(legs, timetable(legs, start)):
        lines.append("%s  %-28s %s" % (arrive, name, format_duration(leg_minutes(leg))))
    lines.append("Total: %s" % format_duration(total_minutes(legs)))
    return lines
