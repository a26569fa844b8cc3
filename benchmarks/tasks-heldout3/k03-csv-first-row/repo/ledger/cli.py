import sys

from .importer import read_transactions
from .report import balance, by_payee


def main(argv=None):
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print("usage: ledger FILE.csv", file=sys.stderr)
        return 2
    transactions = read_transactions(args[0])
    for payee, total in sorted(by_payee(transactions).items()):
        print(f"{payee:20} {total:>10}")
    print(f"{'TOTAL':20} {balance(transactions):>10}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
