"""Sourdough planning helpers."""
