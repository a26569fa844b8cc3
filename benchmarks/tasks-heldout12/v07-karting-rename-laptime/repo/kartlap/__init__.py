"""kartlap: lap times and results for club karting."""

from .timing import parse_lap, secs_to_str

__all__ = ["parse_lap", "secs_to_str"]
