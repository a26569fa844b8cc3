"""python -m scribe.book CLASSES.json TITLE NAME SEATS: book seats on a class."""
import argparse
import sys

from scribe.classes import find_class, load_classes, save_classes, seats_left


def book(cls, name, seats):
    """Add a booking of `seats` seats for `name` to the class."""
    for b in cls["bookings"]:
        if b["name"] == name:
            b["seats"] += seats
            break
    else:
        cls["bookings"].append({"name": name, "seats": seats})
    return seats_left(cls)


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m scribe.book")
    parser.add_argument("classes")
    parser.add_argument("title")
    parser.add_argument("name")
    parser.add_argument("seats", type=int)
    args = parser.parse_args(argv)
    classes = load_classes(args.classes)
    try:
        cls = find_class(classes, args.title)
    except LookupError as exc:
        print("error: %s" % exc.args[0], file=sys.stderr)
        sys.exit(1)
    left = book(cls, args.name, args.seats)
    save_classes(args.classes, classes)
    print("%s: %d seat(s) on %s (%s), %d left" % (args.name, args.seats, cls["title"], cls["day"], left))


if __name__ == "__main__":
    main()
