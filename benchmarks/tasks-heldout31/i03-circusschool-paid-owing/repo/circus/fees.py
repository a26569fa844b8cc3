"""Term fees and payments, in pounds."""
import csv


def load_pupils(path):
    """{pupil: (course, term fee)} from pupil,course,fee (pounds, e.g. 36.90)."""
    with open(path, newline="", encoding="utf-8") as f:
        return {r["pupil"].strip(): (r["course"].strip(), float(r["fee"])) for r in csv.DictReader(f)}


def load_payments(path):
    """{pupil: [amounts paid]} from pupil,amount (pounds, e.g. 12.30)."""
    paid = {}
    with open(path, newline="", encoding="utf-8") as f:
        for r in csv.DictReader(f):
            paid.setdefault(r["pupil"].strip(), []).append(float(r["amount"]))
    return paid


def status(fee, payments):
    left = fee - sum(payments)
    if left == 0:
        return "paid"
    if left < 0:
        return "in credit \u00a3%.2f" % -left
    return "owes \u00a3%.2f" % left
