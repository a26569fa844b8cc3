"""python -m ledgerlite.cli STATEMENT.csv"""
import sys

from ledgerlite.importer import read_statement, totals


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    if len(argv) != 1:
        print("usage: python -m ledgerlite.cli STATEMENT.csv", file=sys.stderr)
        return 2
    txns = read_statement(argv[0])
    money_in, money_out, net = totals(txns)
    print("transactions: %d" % len(txns))
    print("in:  %s" % money_in)
    print("out: %s" % money_out)
    print("net: %s" % net)
    return 0


if __name__ == "__main__":
    sys.exit(main())
