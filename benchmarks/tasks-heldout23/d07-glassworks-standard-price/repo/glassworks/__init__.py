"""Workshops at the Saltmarsh hot glass studio."""
