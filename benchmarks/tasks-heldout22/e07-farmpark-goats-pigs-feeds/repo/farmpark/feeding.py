"""The keepers' feeding rota and the sign on each pen."""
import sys
from datetime import datetime, timedelta

from farmpark.config import load


def feed_times(pen):
    """Feeds spread evenly from first_feed to last_feed, as "HH:MM" strings."""
    start = datetime.combine(datetime.today(), pen.first_feed)
    end = datetime.combine(datetime.today(), pen.last_feed)
    if pen.feeds_per_day == 1:
        return [start.strftime("%H:%M")]
    step = (end - start) / (pen.feeds_per_day - 1)
    return [(start + step * i).strftime("%H:%M") for i in range(pen.feeds_per_day)]


def rota(pens):
    rows = []
    for pen in pens.values():
        for t in feed_times(pen):
            rows.append((t, pen.name, pen.keeper))
    return sorted(rows)


def sign(pen):
    return ("%s: visitors may feed us %s until %s. Groups of up to %d at a time, please."
            % (pen.name.title(), pen.visitor_food, pen.visitor_feeding_until.strftime("%H:%M"), pen.max_group))


def main(argv=None):
    args = sys.argv[1:] if argv is None else argv
    pens = load()
    if args and args[0] == "signs":
        print("\n".join(sign(p) for p in pens.values()))
    else:
        for t, name, keeper in rota(pens):
            print("%s  %-8s %s" % (t, name, keeper))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
