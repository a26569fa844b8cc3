"""Crazy golf score keeping: courses, scorecards and the leaderboard."""
