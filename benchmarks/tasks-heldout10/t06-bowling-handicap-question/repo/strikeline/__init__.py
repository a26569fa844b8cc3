"""Bowling league scores and handicaps."""
