"""Command line: python -m spendlog report FILE"""

import argparse

from .ledger import load_expenses
from .report import format_report, totals_by_category


def build_parser():
    parser = argparse.ArgumentParser(prog="spendlog")
    sub = parser.add_subparsers(dest="command", required=True)
    report = sub.add_parser("report", help="total the expenses per category")
    report.add_argument("file", help="CSV export with date,category,amount,note")
    return parser


def main(argv=None):
    args = build_parser().parse_args(argv)
    if args.command == "report":
        expenses = load_expenses(args.file)
        print(format_report(totals_by_category(expenses)))
    return 0
