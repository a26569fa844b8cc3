"""seats.csv: candidate,seat (a candidate number and a desk such as B3)."""
import csv

from exams.hall import empty_plan, place


def load_seats(path):
    with open(path, newline="", encoding="utf-8") as f:
        return [(r["candidate"].strip(), r["seat"].strip().upper()) for r in csv.DictReader(f)]


def build_plan(seats, rows, desks):
    """The filled plan, and the (candidate, seat) pairs that could not be placed."""
    plan = empty_plan(rows, desks)
    clashes = [(c, s) for c, s in seats if not place(plan, s, c)]
    return plan, clashes
