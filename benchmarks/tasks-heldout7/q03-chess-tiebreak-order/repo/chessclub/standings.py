"""Standings table."""
from .results import scores
from .tiebreak import buchholz


def standings(games):
    """Rows of (name, points, buchholz), best first."""
    points = scores(games)
    tiebreak = buchholz(games, points)
    rows = [(name, points[name], tiebreak[name]) for name in points]
    rows.sort(key=lambda row: (-row[1], row[2], row[0]))
    return rows


def format_table(rows):
    """The standings as a text table."""
    lines = ["#   Player        Pts   Buch"]
    for rank, (name, pts, buch) in enumerate(rows, 1):
        lines.append("%-3d %-12s %4.1f  %5.1f" % (rank, name, pts, buch))
    return "\n".join(lines)
