"""Scores for one laser tag game (20 minutes as standard)."""

TAG_POINTS = 100            # for every opponent you tag
FREE_HITS = 3               # the first three times you are tagged cost nothing
HIT_PENALTY = 40            # after that, each time you are tagged
CAPTURE_POINTS = 500        # for each base capture ...
MAX_CAPTURES = 2            # ... but only the first two in a game count
STREAK_LENGTH = 5           # tags in a row without being tagged
STREAK_BONUS = 250          # for every complete streak of five
TEAM_WIN_PERCENT = 10       # winning team members get 10% more, rounded down
STANDARD_MINUTES = 20


def hit_penalty(times_tagged):
    return max(0, times_tagged - FREE_HITS) * HIT_PENALTY


def streak_bonus(best_streak):
    return best_streak // STREAK_LENGTH * STREAK_BONUS


def scale_to_standard(points, minutes):
    """Scores from shorter or longer games are scaled to a 20-minute game."""
    if minutes <= 0:
        raise ValueError("a game lasts at least a minute")
    return points * STANDARD_MINUTES // minutes


def player_score(tags, times_tagged, captures=0, best_streak=0, minutes=STANDARD_MINUTES, team_won=False):
    """The score on the leaderboard for one player's game."""
    points = tags * TAG_POINTS - hit_penalty(times_tagged)
    points += min(captures, MAX_CAPTURES) * CAPTURE_POINTS
    points += streak_bonus(best_streak)
    points = scale_to_standard(points, minutes)
    if team_won:
        points += points * TEAM_WIN_PERCENT // 100
    points -= points % 10          # leaderboard scores are whole tens
    return max(0, points)


def accuracy(tags, shots):
    """Percentage of shots that tagged someone, one decimal place."""
    if shots == 0:
        return 0.0
    return round(100 * tags / shots, 1)


def leaderboard(games):
    """games: list of (name, score) -> lines, best first, ties in name order."""
    ranked = sorted(games, key=lambda g: (-g[1], g[0]))
    return ["%d. %-12s %5d" % (i, name, score) for i, (name, score) in enumerate(ranked, start=1)]
