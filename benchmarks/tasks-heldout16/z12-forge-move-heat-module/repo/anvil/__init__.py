"""Blacksmith's forge helpers."""

from anvil.temps import colour_for, temp_for

__all__ = ["colour_for", "temp_for"]
