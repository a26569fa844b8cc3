"""Tyre checks for the Bayside Tyres fitting bay."""
