"""Race split helpers."""

__version__ = "0.3.1"
