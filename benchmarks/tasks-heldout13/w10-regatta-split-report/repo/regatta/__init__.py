"""Handicap race results."""
