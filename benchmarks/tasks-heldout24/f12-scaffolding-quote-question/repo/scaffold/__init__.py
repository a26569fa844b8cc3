"""Quotes and the yard diary for Kestrel Scaffolding."""
