"""Quotes for inflatable hire."""
