"""Bunting for a street: posts, string, flags and packs."""
import math

FLAG_SPACING_CM = 25  # one flag every 25 cm of string
SAG = 1.1  # 10% more string than the span, for the droop between posts
FLAGS_PER_PACK = 20
POST_EVERY_M = 8


def posts(span_m):
    return span_m // POST_EVERY_M + 1


def string_m(span_m, runs=1):
    """Whole metres of string for `runs` lengths of bunting along a span."""
    return math.ceil(span_m * SAG) * runs


def flags(string_metres):
    return string_metres * 100 // FLAG_SPACING_CM


def packs(n_flags):
    return math.ceil(n_flags / FLAGS_PER_PACK)
