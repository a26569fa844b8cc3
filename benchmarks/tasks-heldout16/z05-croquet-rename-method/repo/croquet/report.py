"""Printable game reports."""

from croquet.scoring import best_turn, game_score


def turn_lines(turns):
    """One line per turn, with its points, then the score."""
    lines = []
    for number, turn in enumerate(turns, 1):
        lines.append("%3d. %-36s +%d" % (number, turn.describe(), turn.calc_pts()))
    score = game_score(turns)
    lines.append("Score: " + ", ".join("%s %d" % (p, pts) for p, pts in score.items()))
    return lines


def highlight(turns):
    turn = best_turn(turns)
    if turn is None or turn.calc_pts() == 0:
        return "No points scored yet"
    return "Best turn: %s, %d points" % (turn.player, turn.calc_pts())
