"""python -m exams.plan SEATS.csv [--rows N] [--desks N]: the hall as a grid."""
import argparse

from exams.hall import ROW_LETTERS
from exams.seating import build_plan, load_seats


def main(argv=None):
    ap = argparse.ArgumentParser(prog="exams.plan")
    ap.add_argument("seats")
    ap.add_argument("--rows", type=int, default=5)
    ap.add_argument("--desks", type=int, default=6)
    args = ap.parse_args(argv)
    plan, clashes = build_plan(load_seats(args.seats), args.rows, args.desks)
    print("   " + "".join("%6d" % (d + 1) for d in range(args.desks)))
    for r, row in enumerate(plan):
        print(" %s " % ROW_LETTERS[r] + "".join("%6s" % (c or "-") for c in row))
    taken = sum(1 for row in plan for c in row if c)
    print("%d of %d desks taken" % (taken, args.rows * args.desks))
    for c, s in clashes:
        print("CLASH: %s cannot have %s" % (c, s))


if __name__ == "__main__":
    main()
