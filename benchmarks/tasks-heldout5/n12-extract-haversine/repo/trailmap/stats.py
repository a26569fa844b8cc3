"""Whole-track statistics."""
import math

EARTH_RADIUS_M = 6371000.0


def total_distance_m(points):
    """Sum of great-circle distances between consecutive points, in metres."""
    total = 0.0
    for a, b in zip(points, points[1:]):
        phi1, phi2 = math.radians(a.lat), math.radians(b.lat)
        dphi = phi2 - phi1
        dlmb = math.radians(b.lon - a.lon)
        h = math.sin(dphi / 2) ** 2 + math.cos(phi1) * math.cos(phi2) * math.sin(dlmb / 2) ** 2
        total += 2 * EARTH_RADIUS_M * math.asin(math.sqrt(h))
    return total


def elevation_gain_m(points, threshold=2.0):
    """Total climb, ignoring wiggles smaller than threshold metres."""
    gain = 0.0
    base = points[0].ele if points else 0.0
    for p in points[1:]:
        if p.ele - base >= threshold:
            gain += p.ele - base
            base = p.ele
        elif p.ele < base:
            base = p.ele
    return gain
