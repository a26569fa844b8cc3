"""Catch summaries for the Fenland Ringing Group."""
