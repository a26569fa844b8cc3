import unittest

from geo.distance import haversine, route_length


class DistanceTests(unittest.TestCase):
    def test_same_point(self):
        self.assertEqual(haversine((10, 20), (10, 20)), 0)

    def test_one_degree_of_latitude(self):
        self.assertAlmostEqual(haversine((0, 0), (1, 0)), 111.19, places=2)

    def test_route(self):
        pts = [(0, 0), (1, 0), (2, 0)]
        self.assertAlmostEqual(route_length(pts), 2 * 111.19, places=1)
