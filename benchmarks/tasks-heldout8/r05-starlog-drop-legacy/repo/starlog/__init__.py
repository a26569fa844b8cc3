"""Plain-text observing log."""

from .catalog import object_type
from .legacy_export import export_v1
from .report import best_night, summary
from .sessions import Observation, load_log, parse_line

__all__ = ["Observation", "best_night", "export_v1", "load_log", "object_type",
           "parse_line", "summary"]
