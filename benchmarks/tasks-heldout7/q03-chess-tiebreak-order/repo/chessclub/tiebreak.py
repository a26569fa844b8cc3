"""Tie-break scores."""
from .results import scores


def opponents(games):
    """Each player's opponents, in the order they were played."""
    table = {}
    for white, black, _, _ in games:
        table.setdefault(white, []).append(black)
        table.setdefault(black, []).append(white)
    return table


def buchholz(games, points=None):
    """Buchholz score: the sum of the points of each player's opponents."""
    points = scores(games) if points is None else points
    return {name: sum(points[o] for o in opps)
            for name, opps in opponents(games).items()}
