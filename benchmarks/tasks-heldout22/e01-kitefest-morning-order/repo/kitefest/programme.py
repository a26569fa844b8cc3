"""Running order for the kite festival arenas.

The programme is a CSV file with one display per row:
arena,start,minutes,title,flyer (start times are written like 9:30 or 14:05).
"""
import argparse
import csv
import io
from collections import namedtuple
from pathlib import Path

PROGRAMME = Path(__file__).resolve().parent.parent / "programme.csv"
GAP_MINUTES = 5  # the arena crew needs five minutes between displays

Display = namedtuple("Display", "arena start minutes title flyer")


def to_minutes(clock):
    """Minutes after midnight for "H:MM" or "HH:MM"."""
    hours, mins = clock.strip().split(":")
    return int(hours) * 60 + int(mins)


def clock(minutes):
    return "%d:%02d" % divmod(minutes, 60)


def end_time(display):
    return clock(to_minutes(display.start) + display.minutes)


def parse_programme(text):
    displays = []
    for row in csv.DictReader(io.StringIO(text)):
        if not (row.get("title") or "").strip():
            continue
        minutes = int(row["minutes"])
        if minutes <= 0:
            raise ValueError("display %r has no length" % row["title"])
        displays.append(Display(row["arena"].strip(), row["start"].strip(), minutes,
                                row["title"].strip(), row["flyer"].strip()))
    return displays


def load(path=PROGRAMME):
    with open(path, encoding="utf-8", newline="") as fh:
        return parse_programme(fh.read())


def running_order(displays, arena=None):
    """Displays in the order they happen, for one arena or for all of them."""
    chosen = [d for d in displays if arena is None or d.arena.lower() == arena.lower()]
    return sorted(chosen, key=lambda d: (d.start, d.arena))


def up_next(displays, now, arena=None):
    """The first display that starts after `now` ("H:MM"), or None."""
    for d in running_order(displays, arena):
        if d.start > now:
            return d
    return None


def clashes(displays):
    """(earlier, later) titles in one arena that overlap or leave too small a gap."""
    found = []
    by_arena = {}
    for d in displays:
        by_arena.setdefault(d.arena.lower(), []).append(d)
    for group in by_arena.values():
        group.sort(key=lambda d: to_minutes(d.start))
        for a, b in zip(group, group[1:]):
            if to_minutes(b.start) < to_minutes(a.start) + a.minutes + GAP_MINUTES:
                found.append((a.title, b.title))
    return found


def programme_lines(displays, arena=None):
    return ["%5s-%-5s  %-12s %s (%s)" % (d.start, end_time(d), d.arena, d.title, d.flyer)
            for d in running_order(displays, arena)]


def main(argv=None):
    parser = argparse.ArgumentParser(description="Print the kite festival running order.")
    parser.add_argument("programme", nargs="?", default=str(PROGRAMME))
    parser.add_argument("--arena", help="only this arena")
    parser.add_argument("--now", help="also show what is up next after this time (H:MM)")
    args = parser.parse_args(argv)
    displays = load(args.programme)
    for line in programme_lines(displays, args.arena):
        print(line)
    for earlier, later in clashes(displays):
        print("CLASH: %s / %s" % (earlier, later))
    if args.now:
        nxt = up_next(displays, args.now, args.arena)
        print("Up next: " + ("%s at %s (%s)" % (nxt.title, nxt.start, nxt.arena) if nxt else "nothing"))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
