"""Set scores and league points.

A finished match is written as its set scores, e.g. "25-21 23-25 25-19 25-17",
home team first.
"""

SETS_TO_WIN = 3


def parse_set(text):
    """(home, away) points from "25-21"."""
    home, sep, away = text.strip().partition("-")
    if not sep:
        raise ValueError("a set score looks like 25-21, not %r" % text)
    home, away = int(home), int(away)
    if home < 0 or away < 0:
        raise ValueError("points cannot be negative: %r" % text)
    return home, away


def parse_sets(text):
    return [parse_set(part) for part in text.split()]


def set_winner(score):
    """"home" or "away" for a finished set (whoever has more points)."""
    home, away = score
    if home == away:
        raise ValueError("a finished set cannot be level: %d-%d" % (home, away))
    return "home" if home > away else "away"


def sets_won(sets):
    """(home sets, away sets) for a finished match."""
    winners = [set_winner(s) for s in sets]
    return winners.count("home"), winners.count("away")


def league_points(sets):
    """League points (home, away) for a finished match: 3-0 or 3-1 gives the
    winner 3 points; 3-2 gives the winner 2 and the loser 1."""
    home, away = sets_won(sets)
    if max(home, away) != SETS_TO_WIN:
        raise ValueError("a finished match is won by %d sets" % SETS_TO_WIN)
    if min(home, away) == 2:
        return (2, 1) if home > away else (1, 2)
    return (3, 0) if home > away else (0, 3)
