"""A bowler's night: scratch and handicap totals."""
from strikeline.handicap import handicap


def night_totals(season_games, tonight):
    """(scratch total, handicap total) for tonight's games."""
    hdcp = handicap(season_games)
    scratch = sum(tonight)
    return scratch, scratch + hdcp * len(tonight)


def high_game(tonight):
    return max(tonight) if tonight else 0
