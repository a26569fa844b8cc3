"""python -m exams.register SEATS.csv [--rows N] [--desks N]: the register, row by row."""
import argparse

from exams.hall import ROW_LETTERS
from exams.seating import build_plan, load_seats


def main(argv=None):
    ap = argparse.ArgumentParser(prog="exams.register")
    ap.add_argument("seats")
    ap.add_argument("--rows", type=int, default=5)
    ap.add_argument("--desks", type=int, default=6)
    args = ap.parse_args(argv)
    plan, clashes = build_plan(load_seats(args.seats), args.rows, args.desks)
    for r, row in enumerate(plan):
        names = ["%s (%s%d)" % (c, ROW_LETTERS[r], d + 1) for d, c in enumerate(row) if c]
        print("Row %s: %s" % (ROW_LETTERS[r], ", ".join(names) or "empty"))
    if clashes:
        print("Not seated: " + ", ".join(c for c, _s in clashes))


if __name__ == "__main__":
    main()
