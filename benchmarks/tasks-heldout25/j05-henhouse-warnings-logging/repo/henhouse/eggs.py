"""Reading the egg log.

eggs.csv has one row per hen per day: date (YYYY-MM-DD), hen, eggs. Rows
that can't be used are skipped with a warning.
"""
import csv
import datetime

MAX_PER_DAY = 2  # more than this from one hen in a day is a typing mistake


def read_log(path, flock):
    """{(date, hen): eggs} for the usable rows of the log."""
    counts = {}
    with open(path, newline="", encoding="utf-8") as f:
        for n, row in enumerate(csv.DictReader(f), start=2):
            try:
                day = datetime.date.fromisoformat((row["date"] or "").strip())
                eggs = int(row["eggs"] or "")
            except ValueError:
                print("warning: line %d: can't read date or count, skipped" % n)
                continue
            hen = (row["hen"] or "").strip()
            if hen not in flock:
                print("warning: line %d: %r is not in the flock, skipped" % (n, hen))
                continue
            if not 0 <= eggs <= MAX_PER_DAY:
                print("warning: line %d: %d eggs from %s on %s, skipped" % (n, eggs, hen, day))
                continue
            counts[(day, hen)] = counts.get((day, hen), 0) + eggs
    return counts


def missing_days(counts, first, last):
    """Days from first to last with nothing logged at all; each gets a warning."""
    logged = {day for day, _ in counts}
    out = []
    day = first
    while day <= last:
        if day not in logged:
            print("warning: nothing logged on %s" % day.isoformat())
            out.append(day)
        day += datetime.timedelta(days=1)
    return out
