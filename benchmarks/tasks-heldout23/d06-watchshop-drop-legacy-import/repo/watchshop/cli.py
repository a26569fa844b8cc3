"""Look things up in the job book.

    python -m watchshop.cli JOBBOOK                    # every open job
    python -m watchshop.cli JOBBOOK --overdue [--days N] [--today YYYY-MM-DD]
    python -m watchshop.cli JOBBOOK --ready            # waiting to be collected
"""
import argparse
import sys
from datetime import date

from watchshop.jobs import format_line, format_pence, overdue, read_jobs, uncollected


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m watchshop.cli", description="Look things up in the job book.")
    parser.add_argument("jobbook")
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--overdue", action="store_true")
    group.add_argument("--ready", action="store_true")
    parser.add_argument("--days", type=int, default=28)
    parser.add_argument("--today", type=date.fromisoformat, default=date.today())
    args = parser.parse_args(argv)
    with open(args.jobbook, encoding="utf-8") as f:
        jobs = read_jobs(f)
    if args.overdue:
        shown = overdue(jobs, args.today, args.days)
    elif args.ready:
        shown = uncollected(jobs)
    else:
        shown = [j for j in jobs if j.status != "collected"]
    for job in shown:
        print(format_line(job))
    quoted = sum(j.quote_pence or 0 for j in shown)
    print("%d job%s, %s quoted" % (len(shown), "" if len(shown) == 1 else "s", format_pence(quoted) or "£0.00"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
