"""Session results and the season ladder for Abbey Bridge Club."""

__version__ = "2.0.3"
