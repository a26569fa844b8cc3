"""Freelancer time tracking helpers."""

from .durations import format_duration
from .entries import Entry, load_entries, totals_by_client

__all__ = ["Entry", "format_duration", "load_entries", "totals_by_client"]
