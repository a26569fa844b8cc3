"""Reading runs and ranking finishers."""
import csv
from collections import namedtuple

Run = namedtuple("Run", "name club course status seconds")
STATUSES = ("ok", "mp", "dnf")


def parse_time(text):
    """'42:10' or '1:02:45' -> seconds; '' -> None."""
    if not text.strip():
        return None
    parts = [int(p) for p in text.strip().split(":")]
    seconds = 0
    for p in parts:
        seconds = seconds * 60 + p
    return seconds


def format_time(seconds):
    """2530 -> '42:10'; 3765 -> '1:02:45'."""
    h, rest = divmod(seconds, 3600)
    m, s = divmod(rest, 60)
    return "%d:%02d:%02d" % (h, m, s) if h else "%d:%02d" % (m, s)


def load_runs(path):
    with open(path, newline="", encoding="utf-8") as fh:
        runs = [Run(r["name"], r["club"], r["course"], r["status"], parse_time(r["time"]))
                for r in csv.DictReader(fh)]
    for run in runs:
        if run.status not in STATUSES:
            raise ValueError("unknown status %r for %s" % (run.status, run.name))
    return runs


def finishers(runs, course):
    """Runners who completed `course` correctly, fastest first."""
    done = [r for r in runs if r.course == course and r.status == "ok"]
    return sorted(done, key=lambda r: (r.seconds, r.name))


def row(position, run):
    return "%3s  %-18s %-5s %8s" % (position, run.name, run.club, format_time(run.seconds))


def result_lines(runs, course):
    """Ranked lines; runners on the same time share a position."""
    lines, position, previous = [], 0, None
    for i, run in enumerate(finishers(runs, course), 1):
        if run.seconds != previous:
            position, previous = i, run.seconds
        lines.append(row(position, run))
    return lines
