"""Printable day view for one room."""
from .bookings import for_room


def day_report(bookings, room):
    """One line per booking of `room`, earliest first."""
    lines = ["%s" % room]
    for b in for_room(bookings, room):
        lines.append("  %s-%s  %s" % (b.start, b.end, b.who or "?"))
    if len(lines) == 1:
        lines.append("  (no bookings)")
    return "\n".join(lines)
