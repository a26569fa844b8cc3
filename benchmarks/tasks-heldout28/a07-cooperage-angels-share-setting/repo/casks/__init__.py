"""Cask register and warehouse reports for Dunmore Cooperage & Bond."""
__version__ = "3.1.0"
