"""Print the timetable: python -m rinktime [timetable.txt]"""

import sys

from rinktime.schedule import load, render


def main(argv=None):
    args = sys.argv[1:] if argv is None else argv
    path = args[0] if args else "timetable.txt"
    with open(path, encoding="utf-8") as fh:
        print(render(load(fh)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
