"""Descriptive statistics without numpy."""
from .stats import mean, stdev, variance

__all__ = ["mean", "variance", "stdev"]
