"""Finish times, from finishes.csv: number, time (h:mm:ss)."""
import csv


def to_seconds(text):
    h, m, s = (int(part) for part in text.strip().split(":"))
    return h * 3600 + m * 60 + s


def clock(seconds):
    return "%d:%02d:%02d" % (seconds // 3600, seconds // 60 % 60, seconds % 60)


def load_finishes(path):
    """{race number: seconds}."""
    with open(path, newline="", encoding="utf-8") as f:
        return {int(r["number"]): to_seconds(r["time"]) for r in csv.DictReader(f)}


def placings(runners, finishes, category=None):
    """[(place, runner, seconds)] fastest first; runners without a time are left out."""
    timed = sorted((seconds, number) for number, seconds in finishes.items()
                   if number in runners and (category is None or runners[number].category == category))
    return [(place, runners[number], seconds) for place, (seconds, number) in enumerate(timed, 1)]
