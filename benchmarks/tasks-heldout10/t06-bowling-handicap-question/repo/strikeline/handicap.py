"""Season averages and handicaps."""
from strikeline.config import load_settings


def average(games):
    """Season average in whole pins (league rules drop the fraction)."""
    if not games:
        return 0
    return sum(games) // len(games)


def handicap(games, settings=None):
    """Pins added to each game for a bowler with these season `games`."""
    s = settings or load_settings()
    if len(games) < s["min_games"]:
        return s["default_handicap"]
    diff = s["handicap_base"] - average(games)
    if diff <= 0:
        return 0
    return min(s["max_handicap"], diff * s["handicap_percent"] // 100)
