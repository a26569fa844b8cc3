"""Leaderboards."""
from .roster import by_team


def leaderboard(contestants):
    """[(name, score)] best first; equal scores in name order."""
    rows = [(c.name, c.score) for c in contestants]
    return sorted(rows, key=lambda row: (-row[1], row[0]))


def team_totals(contestants):
    """[(team, total score)] best first."""
    totals = {team: sum(c.score for c in members)
              for team, members in by_team(contestants).items()}
    return sorted(totals.items(), key=lambda kv: (-kv[1], kv[0]))
