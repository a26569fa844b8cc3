"""Sessions and memberships for the Starlight Roller Disco."""

__version__ = "0.7.0"
