"""python -m scribe.roster CLASSES.json: who is coming to each class."""
import argparse

from scribe.classes import load_classes, seats_left


def roster(classes):
    lines = []
    for cls in classes:
        lines.append("%s, %s (%d of %d left)" % (cls["title"], cls["day"], seats_left(cls), cls["capacity"]))
        for b in cls["bookings"]:
            lines.append("    %-20s %d" % (b["name"], b["seats"]))
    return lines


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m scribe.roster")
    parser.add_argument("classes")
    args = parser.parse_args(argv)
    print("\n".join(roster(load_classes(args.classes))))


if __name__ == "__main__":
    main()
