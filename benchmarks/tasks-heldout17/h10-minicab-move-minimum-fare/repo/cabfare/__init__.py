"""Fares for Lakeside Minicabs."""
