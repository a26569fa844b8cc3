import unittest

from trailmap.stats import elevation_gain_m, total_distance_m
from trailmap.track import Point, read_track

TRACK = """lat,lon,ele
46.5000,8.0000,1500
46.5090,8.0000,1540
46.5090,8.0131,1538
"""


class StatsTests(unittest.TestCase):
    def test_read_track(self):
        pts = read_track(TRACK)
        self.assertEqual(len(pts), 3)
        self.assertEqual(pts[1], Point(46.509, 8.0, 1540.0))

    def test_distance(self):
        self.assertAlmostEqual(total_distance_m(read_track(TRACK)), 2003.3, delta=1.0)

    def test_one_degree_of_latitude(self):
        d = total_distance_m([Point(0, 0, 0), Point(1, 0, 0)])
        self.assertAlmostEqual(d, 111194.9, delta=0.1)

    def test_elevation_gain_ignores_noise(self):
        pts = [Point(0, 0, e) for e in (100, 101, 100.5, 104, 103, 110)]
        self.assertEqual(elevation_gain_m(pts), 11.0)
