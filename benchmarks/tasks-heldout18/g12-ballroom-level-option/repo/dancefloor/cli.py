"""Print the class timetable."""
import argparse

from dancefloor.classes import timetable


def main(argv=None):
    parser = argparse.ArgumentParser(description="Ballroom class timetable")
    parser.add_argument("--day", help="only this day, e.g. Tue")
    args = parser.parse_args(argv)
    lines = timetable(args.day)
    print("\n".join(lines) if lines else "No classes.")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
