"""Fixtures and results for Kettering Road Bowls Club's first team."""

__version__ = "0.9.2"
