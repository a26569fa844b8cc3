"""Match scoring for petanque: ends, games and the club league.

A game is played in ends; after each end one team scores between 1 and 6
points (at most 6 boules in triples, 4 in singles). The first team to 13
wins the game.
"""

WINNING_SCORE = 13
MAX_POINTS_PER_END = 6
LEAGUE_POINTS = {"win": 3, "loss": 0}
BONUS_MARGIN = 10   # a win by 10 or more points earns a bonus league point


def add_end(score, team, points):
    """The (ours, theirs) score after an end won by `team` ("ours" or "theirs")."""
    if not 1 <= points <= MAX_POINTS_PER_END:
        raise ValueError("an end scores 1 to %d points, not %r" % (MAX_POINTS_PER_END, points))
    ours, theirs = score
    if team == "ours":
        return (ours + points, theirs)
    if team == "theirs":
        return (ours, theirs + points)
    raise ValueError("team must be 'ours' or 'theirs'")


def winner(score):
    """"ours", "theirs" or None while the game is still going."""
    ours, theirs = score
    if ours >= WINNING_SCORE:
        return "ours"
    if theirs >= WINNING_SCORE:
        return "theirs"
    return None


def play_ends(ends):
    """Replay a list of (team, points) ends; stops counting once somebody wins.
    Returns (final score, number of ends played)."""
    score = (0, 0)
    played = 0
    for team, points in ends:
        if winner(score):
            break
        score = add_end(score, team, points)
        played += 1
    return score, played


def format_score(score):
    ours, theirs = score
    result = winner(score)
    if result is None:
        return "%d-%d (in play)" % (ours, theirs)
    return "%d-%d (%s)" % (ours, theirs, "won" if result == "ours" else "lost")


def league_points(score):
    """League points for our side from a finished game."""
    ours, theirs = score
    result = winner(score)
    if result is None:
        raise ValueError("game not finished: %d-%d" % score)
    points = LEAGUE_POINTS["win" if result == "ours" else "loss"]
    if result == "ours" and ours - theirs >= BONUS_MARGIN:
        points += 1
    return points


def league_table(results):
    """results: list of (team name, (ours, theirs)) -> [(team, points)], best first."""
    table = {}
    for team, score in results:
        table[team] = table.get(team, 0) + league_points(score)
    return sorted(table.items(), key=lambda item: (-item[1], item[0]))
