"""python -m fair.plan STALLS.csv REF [REF ...]: where to find the given stalls."""
import argparse
import sys

from fair.stalls import find_stall, hall_of, load_stalls


def describe(stall):
    return "%-4s %-22s %-12s %d table%s, %s" % (
        stall.ref, stall.trader, stall.genre, stall.tables,
        "" if stall.tables == 1 else "s", hall_of(stall))


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m fair.plan")
    parser.add_argument("stalls")
    parser.add_argument("refs", nargs="+")
    args = parser.parse_args(argv)
    stalls = load_stalls(args.stalls)
    for ref in args.refs:
        print(describe(find_stall(stalls, ref)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
