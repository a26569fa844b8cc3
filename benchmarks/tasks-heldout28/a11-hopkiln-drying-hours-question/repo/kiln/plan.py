"""python -m kiln.plan LOADS.csv: when each load goes on and comes off the kiln."""
import argparse
import csv
from datetime import datetime, timedelta

from kiln.drying import drying_hours

TURNAROUND = timedelta(minutes=45)  # unloading, sweeping the floor, loading


def load_loads(path):
    with open(path, newline="", encoding="utf-8") as f:
        return [(r["load"].strip(), r["variety"].strip(), float(r["kg"]), float(r["moisture"]), r["kiln"].strip())
                for r in csv.DictReader(f)]


def plan(loads, start):
    """[(load, variety, kiln, on, off)], one kiln after the other per kiln."""
    free = {}
    out = []
    for load, variety, kg, moisture, kiln in loads:
        on = free.get(kiln, start)
        off = on + timedelta(hours=drying_hours(kg, moisture, variety, kiln))
        free[kiln] = off + TURNAROUND
        out.append((load, variety, kiln, on, off))
    return out


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m kiln.plan")
    parser.add_argument("loads")
    parser.add_argument("--start", type=datetime.fromisoformat, default=datetime(2025, 9, 1, 6, 0))
    args = parser.parse_args(argv)
    for load, variety, kiln, on, off in plan(load_loads(args.loads), args.start):
        print("%-4s %-15s %-5s on %s  off %s" % (load, variety, kiln, on.strftime("%a %H:%M"), off.strftime("%a %H:%M")))


if __name__ == "__main__":
    main()
