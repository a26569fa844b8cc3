"""Reading a race file: duck,sponsor,time_s (time_s is LOST for a duck not recovered)."""
import csv


def load_race(path):
    with open(path, newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def finishers(rows):
    """[(duck, sponsor, seconds)] for the ducks that finished, fastest first."""
    out = []
    for row in rows:
        if row["time_s"].strip().upper() == "LOST":
            break
        out.append((int(row["duck"]), row["sponsor"].strip(), float(row["time_s"])))
    out.sort(key=lambda d: (d[2], d[0]))
    return out
