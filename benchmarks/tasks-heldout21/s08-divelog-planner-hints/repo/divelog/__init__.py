"""Dive planning and logbook helpers."""
