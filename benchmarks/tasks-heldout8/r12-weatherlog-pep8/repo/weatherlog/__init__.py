"""Amateur weather station network helpers."""

from .readings import Reading, daily_summary, parse_reading
from .stations import Station, distance_km, load_stations, nearest_station

__all__ = ["Reading", "Station", "daily_summary", "distance_km", "load_stations",
           "nearest_station", "parse_reading"]
