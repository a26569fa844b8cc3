"""Pub quiz scorekeeping."""
from .quizround import QuizRound
from .roster import Contestant, by_team
from .scoring import leaderboard, team_totals

__all__ = ["Contestant", "QuizRound", "by_team", "leaderboard", "team_totals"]
