"""Command line for the loan desk."""
import argparse
import csv
from datetime import date

from shelfmark.loans import describe, load_loans


def build_parser():
    parser = argparse.ArgumentParser(prog="shelfmark", description="Library loan desk")
    sub = parser.add_subparsers(dest="command", required=True)

    loans = sub.add_parser("loans", help="list current loans")
    loans.add_argument("--file", default=None, help="loans CSV (default: bundled)")
    loans.add_argument("--today", type=date.fromisoformat, default=None,
                       help="date to count from, YYYY-MM-DD (default: today)")
    loans.add_argument("--member", default=None, help="only this member's loans")

    books = sub.add_parser("books", help="list books in the catalogue")
    books.add_argument("--file", required=True, help="books CSV")
    books.add_argument("--author", default=None, help="only books by this author")
    return parser


def cmd_loans(args):
    today = args.today or date.today()
    loans = load_loans(args.file)
    if args.member:
        loans = [l for l in loans if l.member == args.member]
    for loan in sorted(loans, key=lambda l: (l.due, l.loan)):
        print(describe(loan, today))
    return 0


def cmd_books(args):
    with open(args.file, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            if args.author is None or args.author.lower() in row["author"].lower():
                print("%s - %s" % (row["title"], row["author"]))
    return 0


def main(argv=None):
    args = build_parser().parse_args(argv)
    if args.command == "loans":
        return cmd_loans(args)
    return cmd_books(args)
