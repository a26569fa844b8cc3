"""Basic descriptive statistics."""
import math


def _require_data(values):
    if len(values) == 0:
        raise ValueError("need at least one value")


def mean(values):
    """Arithmetic mean of *values*."""
    _require_data(values)
    return sum(values) / len(values)


def variance(values):
    """Population variance of *values*."""
    _require_data(values)
    m = mean(values)
    return sum((v - m) ** 2 for v in values) / len(values)


def stdev(values):
    """Population standard deviation of *values*."""
    return math.sqrt(variance(values))
