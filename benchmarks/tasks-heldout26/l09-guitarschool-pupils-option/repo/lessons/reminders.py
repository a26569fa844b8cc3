"""Reminder emails for one day's lessons.

    python -m lessons.reminders lessons.csv --date 2025-09-15
"""
import argparse
from datetime import date

from lessons.pupils import load_lessons, load_pupils


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("lessons")
    parser.add_argument("--date", type=date.fromisoformat, required=True)
    args = parser.parse_args(argv)
    pupils = load_pupils()
    todays = [row for row in load_lessons(args.lessons) if row[0] == args.date]
    for day, time, pupil, minutes in todays:
        print("To: %s\n  %s has guitar at %s on %s (%d minutes).\n" % (
            pupils[pupil][0], pupil, time, day.strftime("%A %d %B"), minutes))
    print("%d reminders" % len(todays))


if __name__ == "__main__":
    main()
