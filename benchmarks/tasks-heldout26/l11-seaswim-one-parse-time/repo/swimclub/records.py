"""Club records by distance.

    python -m swimclub.records results.csv

results.csv: date, swimmer, distance (e.g. 1 mile), time.
"""
import csv
import sys

from swimclub.times import format_time


def parse_time(text):
    """Swim time text to seconds."""
    bits = [b for b in text.strip().split(":")]
    if len(bits) == 2:
        bits.insert(0, "0")
    if len(bits) != 3 or not all(bits):
        raise ValueError("not a swim time: %r" % text)
    h, m, s = int(bits[0]), int(bits[1]), float(bits[2])
    if h < 0 or not 0 <= m < 60 or not 0 <= s < 60:
        raise ValueError("not a swim time: %r" % text)
    return h * 3600 + m * 60 + s


def read_results(path):
    """[(date, swimmer, distance, seconds)]"""
    with open(path, newline="", encoding="utf-8") as f:
        return [(r["date"].strip(), r["swimmer"].strip(), r["distance"].strip(), parse_time(r["time"]))
                for r in csv.DictReader(f)]


def records(results):
    """{distance: (seconds, swimmer, date)}: the fastest swim at each distance, earliest first on a tie."""
    best = {}
    for day, swimmer, distance, secs in sorted(results):
        if distance not in best or secs < best[distance][0]:
            best[distance] = (secs, swimmer, day)
    return best


if __name__ == "__main__":
    for distance, (secs, swimmer, day) in sorted(records(read_results(sys.argv[1])).items()):
        print("%-10s %10s  %s (%s)" % (distance, format_time(secs), swimmer, day))
