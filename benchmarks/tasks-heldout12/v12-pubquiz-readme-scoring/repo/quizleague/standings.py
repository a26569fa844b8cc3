"""The league table."""

from collections import defaultdict

from .scoring import match_points


def totals(matches):
    """{team: [played, points, correct answers]}"""
    rows = defaultdict(lambda: [0, 0, 0])
    for m in matches:
        for team, ours, theirs in ((m.home, m.home_score, m.away_score),
                                   (m.away, m.away_score, m.home_score)):
            row = rows[team]
            row[0] += 1
            row[1] += match_points(ours, theirs)
            row[2] += ours
    return dict(rows)


def ranking(matches):
    """Teams in table order: most points, then most correct answers, then name."""
    rows = totals(matches)
    return sorted(rows, key=lambda team: (-rows[team][1], -rows[team][2], team))


def table(matches):
    rows = totals(matches)
    lines = ["%-24s %2s %3s %4s" % ("Team", "P", "Pts", "Ans")]
    for team in ranking(matches):
        played, points, answers = rows[team]
        lines.append("%-24s %2d %3d %4d" % (team, played, points, answers))
    return "\n".join(lines)
