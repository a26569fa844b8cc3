"""League table. `results` maps a player's name to [wins, losses]."""

WIN_POINTS = 3
LOSS_POINTS = 1     # a point for turning up and swinging


def register(results, name):
    results.setdefault(name, [0, 0])


def record(results, winner, loser):
    """Add one match: the winner smashed the loser's conker."""
    register(results, winner)
    register(results, loser)
    results[winner][0] += 1
    results[loser][1] += 1


def points(wins, losses):
    return wins * WIN_POINTS + losses * LOSS_POINTS


def league_table(results):
    """(name, played, points) rows, most points first, then by name."""
    rows = [(name, w + l, points(w, l)) for name, (w, l) in results.items()]
    return sorted(rows, key=lambda row: (-row[2], row[0]))


def table_lines(results):
    return ["%-12s %2d %3d" % row for row in league_table(results)]
