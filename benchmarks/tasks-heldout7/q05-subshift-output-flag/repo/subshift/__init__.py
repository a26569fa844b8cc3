"""Shift subtitle timings in .srt files."""

__version__ = "0.3.0"
