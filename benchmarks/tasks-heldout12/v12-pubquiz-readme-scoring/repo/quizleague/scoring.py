"""League points for one team in one match."""

WIN, DRAW, LOSS = 3, 1, 0
BONUS_THRESHOLD = 40  # correct answers needed for a bonus point
BONUS = 1


def result_points(ours, theirs):
    if ours > theirs:
        return WIN
    if ours == theirs:
        return DRAW
    return LOSS


def bonus_points(ours):
    """One bonus point for 40 or more correct answers, whatever the result."""
    return BONUS if ours >= BONUS_THRESHOLD else 0


def match_points(ours, theirs):
    return result_points(ours, theirs) + bonus_points(ours)
