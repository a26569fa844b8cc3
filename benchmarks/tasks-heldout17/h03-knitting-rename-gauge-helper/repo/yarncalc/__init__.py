"""Sums for adapting knitting patterns to your own swatch."""
