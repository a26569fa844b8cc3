"""Order tickets for the Pearl Lane bubble tea bar."""

__version__ = "1.3.0"
