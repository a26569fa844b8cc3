"""Colour conversion helpers."""
from .convert import rgb_to_hex, rgb_to_hsl
from .named import lookup, NAMED

__all__ = ["rgb_to_hex", "rgb_to_hsl", "lookup", "NAMED"]
