"""Who to ring about their next sweep."""
from datetime import timedelta

from sootbook.schedule import nxt_sweep


def due_within(customers, today, days=14):
    """Customers due (or overdue) within `days` of today, soonest first."""
    horizon = today + timedelta(days=days)
    due = [(nxt_sweep(c.last_sweep, c.fuel), c.name, c) for c in customers]
    return [c for when, _, c in sorted(due, key=lambda t: t[:2]) if when <= horizon]


def call_list(customers, today, days=14):
    """'Mrs Pennock  01632 960112  due 03 Apr 2025' lines for the phone."""
    lines = []
    for c in due_within(customers, today, days):
        when = nxt_sweep(c.last_sweep, c.fuel)
        flag = "  OVERDUE" if when < today else ""
        lines.append("%s  %s  due %s%s" % (c.name, c.phone, when.strftime("%d %b %Y"), flag))
    return lines
