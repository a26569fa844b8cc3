"""Print the club's rolling stock register.

    python -m modelrail.stock REGISTER [--kind KIND]

Vehicles are listed alphabetically by name (then by number), followed by
the liveries in use, also alphabetically.
"""
import argparse
import sys

from modelrail.register import read_stock


def listing(vehicles):
    """The vehicles in the order they are listed: by name, then number."""
    return sorted(vehicles, key=lambda v: (v.name, v.number))


def liveries(vehicles):
    """The distinct liveries, alphabetically."""
    return sorted({v.livery for v in vehicles})


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m modelrail.stock")
    parser.add_argument("register")
    parser.add_argument("--kind", help="only this kind (loco, coach or wagon)")
    args = parser.parse_args(argv)
    vehicles = read_stock(args.register)
    if args.kind:
        vehicles = [v for v in vehicles if v.kind == args.kind]
    for v in listing(vehicles):
        print("%-8s %-26s %-6s %s (%s)" % (v.number, v.name, v.kind, v.livery, v.owner))
    print()
    print("Liveries: " + ", ".join(liveries(vehicles)))
    print("%d vehicles" % len(vehicles))
    return 0


if __name__ == "__main__":
    sys.exit(main())
