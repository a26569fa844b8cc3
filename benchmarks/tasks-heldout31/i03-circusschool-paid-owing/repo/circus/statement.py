"""python -m circus.statement PUPILS.csv PAYMENTS.csv: every pupil's fee and balance."""
import sys

from circus.fees import load_payments, load_pupils, status


def main(argv=None):
    args = sys.argv[1:] if argv is None else argv
    pupils, paid = load_pupils(args[0]), load_payments(args[1])
    for name in sorted(pupils):
        course, fee = pupils[name]
        print("%-16s %-9s \u00a3%6.2f  %s" % (name, course, fee, status(fee, paid.get(name, []))))


if __name__ == "__main__":
    main()
