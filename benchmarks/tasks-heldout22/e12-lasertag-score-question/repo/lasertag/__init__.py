"""Scoring and the leaderboard for the Zone Nine laser tag arena."""
