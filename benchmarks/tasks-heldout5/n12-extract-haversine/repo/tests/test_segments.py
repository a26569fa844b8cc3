import unittest

from trailmap.segments import km_splits, split_at_gaps
from trailmap.track import Point


def line(n, step_deg=0.002):
    return [Point(47.0 + i * step_deg, 9.0, 400.0) for i in range(n)]


class SegmentTests(unittest.TestCase):
    def test_km_splits(self):
        # 0.002 deg of latitude is about 222 m
        self.assertEqual(km_splits(line(12)), [5, 9])

    def test_gaps(self):
        pts = line(3) + [Point(47.1, 9.0, 400.0), Point(47.101, 9.0, 400.0)]
        self.assertEqual([len(p) for p in split_at_gaps(pts, 500)], [3, 2])

    def test_empty(self):
        self.assertEqual(split_at_gaps([], 100), [])
