"""python -m lace.card PATTERN.csv: the winding card, pairs in pattern order."""
import sys

from lace.threads import load_threads, longest_first, total_length_cm


def card_lines(threads):
    buy = longest_first(threads)[:3]
    lines = ["Buy first: " + ", ".join("%s %dcm" % (t.colour, t.length_cm) for t in buy)]
    for t in threads:
        lines.append("pair %2d  %-10s %4d cm" % (t.pair, t.colour, t.length_cm))
    lines.append("Total: %d cm on %d pairs" % (total_length_cm(threads), len(threads)))
    return lines


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    if len(argv) != 1:
        print("usage: python -m lace.card PATTERN.csv", file=sys.stderr)
        return 2
    for line in card_lines(load_threads(argv[0])):
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
