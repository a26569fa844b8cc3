"""Rolling stock register for the Fenwick Model Railway Club."""

__version__ = "0.6.0"
