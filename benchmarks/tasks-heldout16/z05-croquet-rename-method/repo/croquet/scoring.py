"""Adding up turns into a game score."""


def game_score(turns):
    """{player: points}, in order of first appearance."""
    score = {}
    for turn in turns:
        score[turn.player] = score.get(turn.player, 0) + turn.calc_pts()
    return score


def leader(turns):
    """The player with most points, or None when level or no points yet."""
    score = game_score(turns)
    if not score:
        return None
    best = max(score.values())
    top = [p for p, pts in score.items() if pts == best]
    return top[0] if len(top) == 1 and best > 0 else None


def best_turn(turns):
    """The turn that scored most (the earliest one on a tie), or None."""
    best = None
    for turn in turns:
        if best is None or turn.calc_pts() > best.calc_pts():
            best = turn
    return best
