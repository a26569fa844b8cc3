"""Read a results sheet (CSV) and print the series table."""
import csv
import io
import sys

from regatta.oldscoring import bonus_points  # noqa: F401
from regatta.scoring import series_total


def read_sheet(text):
    """[(helm, sail number, [race results])] from the CSV text."""
    rows = list(csv.reader(io.StringIO(text)))
    if not rows:
        return []
    boats = []
    for row in rows[1:]:
        if not row or not row[0].strip():
            continue
        boats.append((row[0].strip(), row[1].strip(), [c.strip() for c in row[2:]]))
    return boats


def series_table(boats):
    """Rows (rank, helm, sail, net, points) ordered by net points.

    Ties are broken by the better last race, as the sailing instructions say.
    """
    entries = len(boats)
    scored = []
    for helm, sail, results in boats:
        net, points = series_total(results, entries)
        scored.append((net, [-p for p in reversed(points)], helm, sail, points))
    scored.sort(key=lambda s: (s[0], [-x for x in s[1]]))
    return [(rank, helm, sail, net, points)
            for rank, (net, _, helm, sail, points) in enumerate(scored, start=1)]


def format_table(table):
    lines = ["%-4s %-18s %-6s %4s  %s" % ("Pos", "Helm", "Sail", "Net", "Races")]
    for rank, helm, sail, net, points in table:
        lines.append("%-4d %-18s %-6s %4d  %s" % (rank, helm, sail, net, " ".join(str(p) for p in points)))
    return "\n".join(lines)


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    if len(argv) != 1:
        print("usage: python -m regatta.results SHEET.csv", file=sys.stderr)
        return 2
    with open(argv[0], encoding="utf-8", newline="") as fh:
        print(format_table(series_table(read_sheet(fh.read()))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
