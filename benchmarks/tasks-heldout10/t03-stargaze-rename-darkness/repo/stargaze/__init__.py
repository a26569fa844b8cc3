"""Backyard observing planner."""
from stargaze.darkness import calc_darkness
from stargaze.planner import best_hours, darkest_hour

__all__ = ["calc_darkness", "best_hours", "darkest_hour"]
