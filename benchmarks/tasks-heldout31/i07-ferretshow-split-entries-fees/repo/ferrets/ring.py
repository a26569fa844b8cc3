"""python -m ferrets.ring ENTRIES.csv: a ring card for every class."""
import sys

from ferrets.entries import entries_and_fees


def main(argv=None):
    args = sys.argv[1:] if argv is None else argv
    entries, _fees = entries_and_fees(args[0])
    classes = {}
    for e in entries:
        classes.setdefault(e.show_class, []).append(e)
    for name in sorted(classes):
        print("== %s ==" % name)
        for n, e in enumerate(classes[name], 1):
            print("  %2d. %-12s (%s)%s" % (n, e.ferret, e.owner, " junior" if e.junior else ""))


if __name__ == "__main__":
    main()
