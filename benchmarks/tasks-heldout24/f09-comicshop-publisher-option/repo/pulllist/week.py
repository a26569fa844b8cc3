"""What to put aside for each customer on new comic day.

    python -m pulllist.week RELEASES PULLS [--date YYYY-MM-DD] [--customer NAME]

--date picks the week (default: this week); --customer shows one customer
(any case).
"""
import argparse
import sys
from datetime import date

from pulllist.data import read_pulls, read_releases, week_of


def select(releases, pulls, wednesday, customer=None):
    """[(customer, release)] for the week, by customer then series."""
    out = []
    for p in pulls:
        if customer and p.customer.lower() != customer.lower():
            continue
        for r in releases:
            if r.series == p.series and week_of(r.day) == wednesday:
                out.append((p.customer, r))
    return sorted(out, key=lambda cr: (cr[0].lower(), cr[1].series, cr[1].issue))


def money(pence):
    return "£%d.%02d" % divmod(pence, 100)


def print_week(chosen, wednesday):
    print("New comic day %s" % wednesday.isoformat())
    current = None
    for customer, r in chosen:
        if customer != current:
            current = customer
            total = sum(x.price for c, x in chosen if c == customer)
            print("%s (%s)" % (customer, money(total)))
        print("  %s #%d (%s) %s" % (r.series, r.issue, r.publisher, money(r.price)))
    customers = len({c for c, _ in chosen})
    print("%d issues for %d customers" % (len(chosen), customers))


def main(argv=None):
    parser = argparse.ArgumentParser(prog="pulllist.week")
    parser.add_argument("releases")
    parser.add_argument("pulls")
    parser.add_argument("--date", type=date.fromisoformat, default=None)
    parser.add_argument("--customer")
    args = parser.parse_args(argv)
    wednesday = week_of(args.date or date.today())
    chosen = select(read_releases(args.releases), read_pulls(args.pulls), wednesday, args.customer)
    print_week(chosen, wednesday)
    return 0


if __name__ == "__main__":
    sys.exit(main())
