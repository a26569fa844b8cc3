"""The departures board shown at the pier."""
from ferryline.timetable import from_minutes, next_departure, to_minutes


def upcoming(times, now, count=3):
    """The next `count` departures at or after `now` (fewer late in the day)."""
    out = []
    t = now
    while len(out) < count:
        nxt = next_departure(times, t)
        if nxt is None:
            break
        out.append(nxt)
        t = from_minutes(to_minutes(nxt) + 1)
    return out


def board(times, now, count=3):
    """Text for the pier screen."""
    lines = ["Departures after %s" % now]
    boats = upcoming(times, now, count)
    if not boats:
        lines.append("  No more sailings today")
    for t in boats:
        lines.append("  %s  Inverbay  (in %d min)" % (t, to_minutes(t) - to_minutes(now)))
    return "\n".join(lines)
