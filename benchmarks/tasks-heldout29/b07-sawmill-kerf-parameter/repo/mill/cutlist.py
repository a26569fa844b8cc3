"""The cutting list for the orders on the book.

    python -m mill.cutlist orders.csv

orders.csv: order, customer, piece_mm, qty, board_mm
"""
import csv
import sys

from mill.boards import boards_needed, pieces_from

BLADE_KERF_MM = 4


def cutlist_lines(rows):
    lines = []
    total = 0
    for r in rows:
        piece, qty, board = int(r["piece_mm"]), int(r["qty"]), int(r["board_mm"])
        per = pieces_from(board, piece)
        if per < 1:
            lines.append("%-6s %-14s %5d mm x %3d: too long for a %d mm board" % (r["order"], r["customer"], piece, qty, board))
            continue
        n = boards_needed(qty, per)
        total += n
        lines.append("%-6s %-14s %5d mm x %3d: %d per %d mm board, %d boards" % (
            r["order"], r["customer"], piece, qty, per, board, n))
    lines.append("boards to pull: %d" % total)
    return lines


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    if len(argv) != 1:
        print("usage: python -m mill.cutlist ORDERS.csv", file=sys.stderr)
        return 2
    with open(argv[0], newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    for line in cutlist_lines(rows):
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
