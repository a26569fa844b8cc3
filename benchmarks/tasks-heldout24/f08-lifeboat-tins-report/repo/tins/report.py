"""The monthly tins report for the station's fundraising committee.

    python -m tins.report COUNTS.csv [--month YYYY-MM]
"""
import argparse
import sys

from tins.counts import best_tin, in_month, read_counts, totals_by_site


def pounds(pence):
    return str(pence / 100)


def share(part, total):
    return "%d%%" % (100 * part // total)


def report_lines(counts, title="All counts"):
    if not counts:
        return [title, "No tins counted."]
    total = sum(c.pence for c in counts)
    lines = [title]
    for site, pence in totals_by_site(counts):
        lines.append("%-18s %9s %6s" % (site, pounds(pence), share(pence, total)))
    lines.append("Total: %s from %d tins" % (total / 100, len(counts)))
    best = best_tin(counts)
    lines.append("Best tin: %s (%s) %s" % (best.tin, best.site, pounds(best.pence)))
    return lines


def main(argv=None):
    parser = argparse.ArgumentParser(prog="tins.report")
    parser.add_argument("counts")
    parser.add_argument("--month", help="only counts made in this month (YYYY-MM)")
    args = parser.parse_args(argv)
    counts = read_counts(args.counts)
    title = "All counts"
    if args.month:
        counts = in_month(counts, args.month)
        title = "Counts for %s" % args.month
    print("\n".join(report_lines(counts, title)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
