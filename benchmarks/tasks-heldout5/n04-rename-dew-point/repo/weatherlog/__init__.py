"""weatherlog: summaries of weather station readings."""
from weatherlog.report import daily_summary
from weatherlog.station import Reading, parse_line

__all__ = ["Reading", "daily_summary", "parse_line"]
