"""Reading game results."""

RESULTS = {"1-0": (1.0, 0.0), "0-1": (0.0, 1.0), "1/2-1/2": (0.5, 0.5)}


def parse_line(line):
    """(white, black, white_points, black_points), or None for blanks/comments."""
    line = line.split("#", 1)[0].strip()
    if not line:
        return None
    white, black, result = line.split()
    if result not in RESULTS:
        raise ValueError("bad result %r in line %r" % (result, line))
    return (white, black) + RESULTS[result]


def parse_results(text):
    """All games in a results file."""
    games = []
    for line in text.splitlines():
        game = parse_line(line)
        if game is not None:
            games.append(game)
    return games


def scores(games):
    """Points per player."""
    table = {}
    for white, black, wp, bp in games:
        table[white] = table.get(white, 0.0) + wp
        table[black] = table.get(black, 0.0) + bp
    return table
