"""Oast kiln planning for Brook Farm hop garden."""
__version__ = "1.0.2"
