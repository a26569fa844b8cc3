"""python -m yachts.race_card FLEET.csv [CLASS]: the race card for a class (or all)."""
import sys

from yachts.fleet import by_class, classes, load_fleet


def main(argv=None):
    args = sys.argv[1:] if argv is None else argv
    boats = load_fleet(args[0])
    for c in ([args[1]] if len(args) > 1 else classes(boats)):
        entries = by_class(boats, c)
        print("%s: %d boat(s)" % (c.upper(), len(entries)))
        for b in entries:
            print("  %4d  %-16s %s" % (b.sail, b.name, b.skipper))


if __name__ == "__main__":
    main()
