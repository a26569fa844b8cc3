"""Marquee hire quotes."""
