"""Elo rating updates."""

from .kfactor import k_factor

FLOOR = 800


def expected_score(rating, opponent):
    """Expected score of `rating` against `opponent` (0..1)."""
    return 1.0 / (1.0 + 10 ** ((opponent - rating) / 400.0))


def updated_rating(rating, opponent, score, games_played, time_control="classical"):
    """New rating after one game, rounded to a whole number, never below FLOOR."""
    if score not in (0, 0.5, 1):
        raise ValueError("score must be 0, 0.5 or 1")
    k = k_factor(rating, games_played, time_control)
    new = rating + k * (score - expected_score(rating, opponent))
    return max(FLOOR, int(round(new)))
