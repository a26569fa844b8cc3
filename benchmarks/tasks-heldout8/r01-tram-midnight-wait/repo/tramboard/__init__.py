"""Departure board helpers for a single tram stop."""

from .clock import format_hhmm, minutes_until, parse_hhmm
from .board import next_departures, render

__all__ = ["format_hhmm", "minutes_until", "parse_hhmm", "next_departures", "render"]
