"""python -m yachts.oldlist FLEET.txt: DEPRECATED. The fleet from the old pipe-separated list."""
import sys
import warnings

from yachts.fleet import parse_pipe_line


def read_old_list(path):
    with open(path, encoding="utf-8") as f:
        return [parse_pipe_line(line) for line in f if line.strip() and not line.startswith("#")]


def main(argv=None):
    warnings.warn("yachts.oldlist is deprecated; use fleet.csv and yachts.race_card", DeprecationWarning, stacklevel=2)
    args = sys.argv[1:] if argv is None else argv
    for b in read_old_list(args[0]):
        print("%4d %-16s %-4s %s" % (b.sail, b.name, b.boat_class, b.skipper))


if __name__ == "__main__":
    main()
