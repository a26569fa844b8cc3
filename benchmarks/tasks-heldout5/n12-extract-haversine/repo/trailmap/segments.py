"""Splitting tracks into pieces."""
import math


def _step_m(a, b):
    r = 6371000.0
    phi1, phi2 = math.radians(a.lat), math.radians(b.lat)
    dphi = phi2 - phi1
    dlmb = math.radians(b.lon - a.lon)
    h = math.sin(dphi / 2) ** 2 + math.cos(phi1) * math.cos(phi2) * math.sin(dlmb / 2) ** 2
    return 2 * r * math.asin(math.sqrt(h))


def km_splits(points):
    """Indices of the first point at or beyond each whole kilometre."""
    splits, done, next_km = [], 0.0, 1000.0
    for i in range(1, len(points)):
        done += _step_m(points[i - 1], points[i])
        while done >= next_km:
            splits.append(i)
            next_km += 1000.0
    return splits


def split_at_gaps(points, max_gap_m):
    """Lists of consecutive points, broken where two points are > max_gap_m apart."""
    if not points:
        return []
    pieces = [[points[0]]]
    for prev, cur in zip(points, points[1:]):
        if _step_m(prev, cur) > max_gap_m:
            pieces.append([])
        pieces[-1].append(cur)
    return pieces
