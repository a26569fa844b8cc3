"""Canal cruise planning: leg times and arrival clock times."""

__version__ = "0.4.1"
