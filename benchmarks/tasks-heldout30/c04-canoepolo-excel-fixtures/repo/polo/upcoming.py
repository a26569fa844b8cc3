"""python -m polo.upcoming FIXTURES.csv: matches still to play."""
import sys

from polo.fixtures import load_upcoming


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    matches = load_upcoming(argv[0])
    for day, home, away in matches:
        print("%s  %s v %s" % (day, home, away))
    print("%d match(es) to play" % len(matches))


if __name__ == "__main__":
    main()
