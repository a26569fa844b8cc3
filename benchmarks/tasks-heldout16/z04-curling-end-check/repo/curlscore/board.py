"""Printable scoreboard for a game."""


def scoreboard(game):
    """Three lines: end numbers, then each team's points per end and total."""
    count = max(game.scheduled_ends, len(game.ends))
    width = max(len(t) for t in game.teams)
    head = " " * width + " |" + "".join("%3d" % (i + 1) for i in range(count)) + " | Tot"
    lines = [head]
    for index, team in enumerate(game.teams):
        cells = []
        for i in range(count):
            cells.append("%3d" % game.ends[i][index] if i < len(game.ends) else "  .")
        total = game.score()[index]
        lines.append(team.ljust(width) + " |" + "".join(cells) + " | %3d" % total)
    return lines


def result_line(game):
    if not game.is_over():
        return "In progress after %d ends, %s has the hammer" % (len(game.ends), game.hammer())
    red, yellow = game.score()
    return "%s win %d-%d" % (game.winner(), max(red, yellow), min(red, yellow))
