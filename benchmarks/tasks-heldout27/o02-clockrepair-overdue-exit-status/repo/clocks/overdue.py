"""python -m clocks.overdue JOBS.csv [--today YYYY-MM-DD]: repairs past their promised date."""
import argparse
import sys
from datetime import date

from clocks.jobs import days_late, load_jobs, overdue


def report(jobs, today):
    """The lines printed for the jobs that are late on `today`."""
    late = overdue(jobs, today)
    if not late:
        return ["Nothing overdue on %s." % today.isoformat()]
    lines = ["%d overdue on %s:" % (len(late), today.isoformat())]
    for j in late:
        n = days_late(j, today)
        lines.append("  %s  %-18s %-22s promised %s (%d day%s late)"
                     % (j.ticket, j.customer, j.clock, j.promised.isoformat(), n, "" if n == 1 else "s"))
    return lines


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m clocks.overdue")
    parser.add_argument("jobs")
    parser.add_argument("--today", type=date.fromisoformat, default=date.today())
    args = parser.parse_args(argv)
    for line in report(load_jobs(args.jobs), args.today):
        print(line)


if __name__ == "__main__":
    main()
