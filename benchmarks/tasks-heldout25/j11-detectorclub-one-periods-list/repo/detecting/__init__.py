"""The finds register of the Wolds Metal Detecting Club."""

__version__ = "1.4.0"
