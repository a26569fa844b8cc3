"""trailmap: numbers for GPS hiking tracks."""
from trailmap.stats import elevation_gain_m, total_distance_m
from trailmap.track import Point, read_track

__all__ = ["Point", "elevation_gain_m", "read_track", "total_distance_m"]
