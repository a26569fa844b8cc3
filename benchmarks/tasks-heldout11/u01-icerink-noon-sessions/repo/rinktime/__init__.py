"""rinktime: the daily session timetable for the town ice rink."""

from rinktime.clock import format_time, parse_time
from rinktime.schedule import Session, load, render

__all__ = ["Session", "format_time", "load", "parse_time", "render"]
