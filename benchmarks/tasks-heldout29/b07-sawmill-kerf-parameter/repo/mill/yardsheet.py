"""The yard sheet: pieces per standard board for common lengths, as cut on
the docking saw by the pack (no blade allowance on this sheet).

    python -m mill.yardsheet [LENGTH_MM ...]
"""
import sys

from mill.boards import STANDARD_BOARDS_MM, pieces_from

COMMON_LENGTHS_MM = [300, 450, 600, 900, 1200]


def sheet_lines(lengths):
    lines = ["piece mm " + "".join("%7d" % b for b in STANDARD_BOARDS_MM)]
    for length in lengths:
        lines.append("%8d " % length + "".join("%7d" % pieces_from(b, length) for b in STANDARD_BOARDS_MM))
    return lines


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    lengths = [int(a) for a in argv] or COMMON_LENGTHS_MM
    for line in sheet_lines(lengths):
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
