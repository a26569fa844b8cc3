"""Results and the league table.

A result is (home, home rounders, away, away rounders); half rounders
count, so scores can be e.g. 9.5. A win is worth 2 points, a draw 1.
"""
from collections import namedtuple

Row = namedtuple("Row", "team played won drawn lost scored conceded points")

WIN, DRAW = 2, 1


def parse_result(line):
    """("Otters", 9.5, "Herons", 8) from "Otters 9.5 - 8 Herons"."""
    left, sep, right = line.partition(" - ")
    if not sep:
        raise ValueError("a result looks like 'Otters 9.5 - 8 Herons': %r" % line)
    home, home_score = left.strip().rsplit(None, 1)
    away_score, away = right.strip().split(None, 1)
    return home.strip(), float(home_score), away.strip(), float(away_score)


def _blank(team):
    return {"team": team, "played": 0, "won": 0, "drawn": 0, "lost": 0, "scored": 0.0, "conceded": 0.0}


def league_table(results):
    """Rows for every team, top of the table first: most points first."""
    teams = {}
    for home, hs, away, as_ in results:
        for team, mine, theirs in ((home, hs, as_), (away, as_, hs)):
            t = teams.setdefault(team, _blank(team))
            t["played"] += 1
            t["scored"] += mine
            t["conceded"] += theirs
            if mine > theirs:
                t["won"] += 1
            elif mine == theirs:
                t["drawn"] += 1
            else:
                t["lost"] += 1
    rows = [Row(points=t["won"] * WIN + t["drawn"] * DRAW, **t) for t in teams.values()]
    return sorted(rows, key=lambda r: -r.points)


def difference(row):
    return row.scored - row.conceded


def promoted(results, places=2):
    return [r.team for r in league_table(results)[:places]]


def relegated(results, places=1):
    return [r.team for r in league_table(results)[-places:]] if places else []
