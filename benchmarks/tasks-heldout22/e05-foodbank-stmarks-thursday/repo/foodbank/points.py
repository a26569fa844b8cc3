"""Read the collection points and answer "where can I go today?"."""
import argparse
import json
from collections import namedtuple
from datetime import datetime
from pathlib import Path

POINTS = Path(__file__).resolve().parent.parent / "collection_points.json"
DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]

Session = namedtuple("Session", "name area day opens closes step_free")


def _clock(text):
    return datetime.strptime(text, "%H:%M").time()


def parse_points(data):
    sessions = []
    for entry in data:
        day = entry["day"].strip().title()
        if day not in DAYS:
            raise ValueError("unknown day %r for %s" % (entry["day"], entry["name"]))
        opens, closes = _clock(entry["opens"]), _clock(entry["closes"])
        if closes <= opens:
            raise ValueError("%s on %s closes before it opens" % (entry["name"], day))
        sessions.append(Session(entry["name"], entry["area"], day, opens, closes,
                                bool(entry.get("step_free", False))))
    return sessions


def load_points(path=POINTS):
    with open(path, encoding="utf-8") as fh:
        return parse_points(json.load(fh))


def open_on(sessions, day, step_free_only=False):
    found = [s for s in sessions if s.day == day.title() and (s.step_free or not step_free_only)]
    return sorted(found, key=lambda s: (s.opens, s.name))


def open_at(sessions, day, clock):
    """Sessions open on `day` at "HH:MM" (open from `opens` until just before `closes`)."""
    t = _clock(clock)
    return [s for s in open_on(sessions, day) if s.opens <= t < s.closes]


def week_lines(sessions):
    lines = []
    for day in DAYS:
        for s in open_on(sessions, day):
            lines.append("%-9s %s-%s  %s (%s)%s" % (day, s.opens.strftime("%H:%M"), s.closes.strftime("%H:%M"),
                                                   s.name, s.area, "" if s.step_free else "  [steps]"))
    return lines


def main(argv=None):
    parser = argparse.ArgumentParser(description="Food bank collection times.")
    parser.add_argument("--day", help="only this day")
    parser.add_argument("--step-free", action="store_true", help="only step-free venues")
    args = parser.parse_args(argv)
    sessions = load_points()
    if args.step_free:
        sessions = [s for s in sessions if s.step_free]
    lines = week_lines(sessions)
    if args.day:
        lines = [l for l in lines if l.startswith(args.day.title())]
    print("\n".join(lines) or "No collections.")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
