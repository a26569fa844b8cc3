"""Launch log, logbook and fees for Hollins Edge Gliding Club."""
__version__ = "1.4.0"
