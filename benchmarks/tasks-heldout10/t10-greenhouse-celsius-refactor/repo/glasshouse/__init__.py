"""Greenhouse temperature monitoring."""
