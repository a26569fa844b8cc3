"""python -m fireext.labels UNITS.csv: the tag to hang on each unit."""
import sys

from fireext.dates import show_day
from fireext.units import load_units, next_due


def main(argv=None):
    args = sys.argv[1:] if argv is None else argv
    for u in load_units(args[0]):
        print("[%s] %s %s: serviced %s, next by %s" % (u.unit, u.location, u.kind, show_day(u.last), show_day(next_due(u))))


if __name__ == "__main__":
    main()
