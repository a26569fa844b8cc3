"""python -m farrier.due LOG [--today DATE]: horses due (or overdue) for shoeing."""
import argparse
from datetime import date

from farrier.records import format_date, load_log, next_due, parse_date


def latest_shoeing(log):
    """{horse: (owner, last date shod)}."""
    latest = {}
    for horse, owner, shod in log:
        if horse not in latest or shod > latest[horse][1]:
            latest[horse] = (owner, shod)
    return latest


def due_lines(log, today):
    lines = []
    for horse, (owner, shod) in sorted(latest_shoeing(log).items()):
        due = next_due(shod)
        if due <= today:
            lines.append("%-10s %-14s due %s" % (horse, owner, format_date(due)))
    return lines


def main(argv=None):
    ap = argparse.ArgumentParser(prog="farrier.due")
    ap.add_argument("log")
    ap.add_argument("--today", help="the day to check against (default: today)")
    args = ap.parse_args(argv)
    today = parse_date(args.today) if args.today else date.today()
    lines = due_lines(load_log(args.log), today)
    for line in lines:
        print(line)
    print("%d horse(s) due" % len(lines))


if __name__ == "__main__":
    main()
