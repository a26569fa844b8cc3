"""Read the lifeguard rota and check the pool is always covered."""
import argparse
import csv
import io
import sys
from collections import namedtuple
from datetime import datetime, time
from pathlib import Path

ROTA = Path(__file__).resolve().parent.parent / "rota.csv"
DAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
OPEN, CLOSE = time(7, 0), time(20, 0)
MIN_GUARDS = 2

Shift = namedtuple("Shift", "guard day start end post")


def _clock(text):
    return datetime.strptime(text.strip(), "%H:%M").time()


def parse_rota(text):
    shifts = []
    for row in csv.DictReader(io.StringIO(text)):
        if not row.get("guard"):
            continue
        day = row["day"].strip()[:3].title()
        if day not in DAYS:
            raise ValueError("unknown day %r" % row["day"])
        shift = Shift(row["guard"].strip(), day, _clock(row["start"]), _clock(row["end"]), row["post"].strip())
        if shift.end <= shift.start:
            raise ValueError("%s's %s shift ends before it starts" % (shift.guard, day))
        shifts.append(shift)
    return shifts


def load_rota(path=ROTA):
    with open(path, encoding="utf-8", newline="") as fh:
        return parse_rota(fh.read())


def _minutes(t):
    return t.hour * 60 + t.minute


def hours_by_guard(shifts):
    totals = {}
    for s in shifts:
        totals[s.guard] = totals.get(s.guard, 0) + (_minutes(s.end) - _minutes(s.start)) / 60
    return dict(sorted(totals.items()))


def thin_cover(shifts, day):
    """(from, to) stretches of opening hours with fewer than two guards on."""
    on = [s for s in shifts if s.day == day]
    gaps, start = [], None
    for m in range(_minutes(OPEN), _minutes(CLOSE)):
        count = sum(1 for s in on if _minutes(s.start) <= m < _minutes(s.end))
        if count < MIN_GUARDS and start is None:
            start = m
        elif count >= MIN_GUARDS and start is not None:
            gaps.append((start, m))
            start = None
    if start is not None:
        gaps.append((start, _minutes(CLOSE)))
    return [("%02d:%02d" % divmod(a, 60), "%02d:%02d" % divmod(b, 60)) for a, b in gaps]


def main(argv=None):
    parser = argparse.ArgumentParser(prog="lido.rota")
    parser.add_argument("--hours", action="store_true", help="hours per guard")
    args = parser.parse_args(argv)
    shifts = load_rota()
    if args.hours:
        for guard, hours in hours_by_guard(shifts).items():
            print("%-8s %5.1f h" % (guard, hours))
        return 0
    for day in DAYS:
        for s in (s for s in shifts if s.day == day):
            print("%s  %s-%s  %-6s %s" % (day, s.start.strftime("%H:%M"), s.end.strftime("%H:%M"), s.guard, s.post))
        for a, b in thin_cover(shifts, day) if any(s.day == day for s in shifts) else []:
            print("%s  WARNING: fewer than %d guards %s-%s" % (day, MIN_GUARDS, a, b))
    return 0


if __name__ == "__main__":
    sys.exit(main())
