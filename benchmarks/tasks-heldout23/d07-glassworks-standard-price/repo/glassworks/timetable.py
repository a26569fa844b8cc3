"""Print the week's workshops and what they cost.

    python -m glassworks.timetable            # by workshop
    python -m glassworks.timetable --by-day   # what runs on each day
"""
import argparse
import sys

from glassworks.config import DAYS, load, standard_price


def hours(minutes):
    h, m = divmod(minutes, 60)
    return "%dh" % h if not m else "%dh%02d" % (h, m)


def workshop_line(w):
    return "%-24s £%-4d %-6s up to %d, age %d+  (%s)" % (w.title, w.price, hours(w.minutes), w.max_students,
                                                       w.min_age, ", ".join(d.title() for d in w.days))


def by_day(workshops):
    return {d: [w.title for w in workshops.values() if d in w.days] for d in DAYS}


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m glassworks.timetable")
    parser.add_argument("--by-day", action="store_true")
    args = parser.parse_args(argv)
    workshops = load()
    if args.by_day:
        for day, titles in by_day(workshops).items():
            print("%s  %s" % (day.title(), ", ".join(titles) or "-"))
        return 0
    print("Standard price £%d a student" % standard_price())
    for w in workshops.values():
        print(workshop_line(w))
    return 0


if __name__ == "__main__":
    sys.exit(main())
