"""python -m circus.chase PUPILS.csv PAYMENTS.csv: the pupils who still owe."""
import sys

from circus.fees import load_payments, load_pupils, status


def main(argv=None):
    args = sys.argv[1:] if argv is None else argv
    pupils, paid = load_pupils(args[0]), load_payments(args[1])
    owing = []
    for name in sorted(pupils):
        state = status(pupils[name][1], paid.get(name, []))
        if state.startswith("owes"):
            owing.append(name)
            print("%s: %s" % (name, state))
    print("%d to chase" % len(owing))


if __name__ == "__main__":
    main()
