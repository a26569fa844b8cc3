"""Placings for one class.

    python -m agility.results RUNS.csv --course-time SECONDS

RUNS.csv has the columns handler, dog, faults and time; an eliminated run
has E as its time. Runs are placed on total faults (course faults plus time
faults), then on time; eliminated runs come last, in running order.
"""
import argparse
import csv
import sys
from dataclasses import dataclass

from agility.times import format_time, parse_time, time_faults


@dataclass
class Run:
    handler: str
    dog: str
    faults: int
    time: int = None          # hundredths; None when eliminated


def read_runs(path):
    runs = []
    with open(path, newline="", encoding="utf-8") as f:
        for row in csv.DictReader(f):
            t = row["time"].strip()
            runs.append(Run(row["handler"].strip(), row["dog"].strip(), int(row["faults"] or 0),
                            None if t.upper() == "E" else parse_time(t)))
    return runs


def placings(runs, course_time):
    clear = [r for r in runs if r.time is not None]
    clear.sort(key=lambda r: (r.faults + time_faults(r.time, course_time), r.time))
    return clear + [r for r in runs if r.time is None]


def result_line(place, run, course_time):
    if run.time is None:
        return "  E  %-16s %-10s eliminated" % (run.handler, run.dog)
    total = run.faults + time_faults(run.time, course_time)
    return "%3d  %-16s %-10s %8s  %d faults" % (place, run.handler, run.dog, format_time(run.time), total)


def main(argv=None):
    parser = argparse.ArgumentParser(prog="agility.results")
    parser.add_argument("runs")
    parser.add_argument("--course-time", type=int, required=True)
    args = parser.parse_args(argv)
    for place, run in enumerate(placings(read_runs(args.runs), args.course_time), 1):
        print(result_line(place, run, args.course_time))
    return 0


if __name__ == "__main__":
    sys.exit(main())
