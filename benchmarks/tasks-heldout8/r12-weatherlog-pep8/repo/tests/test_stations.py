import unittest

from weatherlog.stations import (distance_km, load_stations, nearest_station,
                                 stations_within)

CSV = """id,name,lat,lon,elevation_m
OXF,Oxford Parks,51.761,-1.255,63
WHY,Wytham Hill,51.770,-1.334,160
ABN,Abingdon Lock,51.670,-1.283,52
"""


class StationsTest(unittest.TestCase):
    def setUp(self):
        self.stations = load_stations(CSV.splitlines())

    def test_load(self):
        self.assertEqual(len(self.stations), 3)
        self.assertEqual(self.stations[1].elevation_m, 160)

    def test_distance(self):
        self.assertAlmostEqual(distance_km(51.5, 0.0, 51.5, 0.0), 0.0)
        self.assertAlmostEqual(distance_km(0, 0, 0, 1), 111.19, places=2)

    def test_nearest(self):
        self.assertEqual(nearest_station(self.stations, 51.75, -1.26).id, "OXF")
        self.assertIsNone(nearest_station(self.stations, 52.5, -1.26, max_km=20))

    def test_within(self):
        ids = [s.id for s in stations_within(self.stations, 51.75, -1.30, 15)]
        self.assertEqual(ids, ["WHY", "OXF", "ABN"])
        high = stations_within(self.stations, 51.75, -1.30, 15, min_elevation_m=100)
        self.assertEqual([s.id for s in high], ["WHY"])

    def test_bad_position(self):
        with self.assertRaises(ValueError):
            load_stations(["id,name,lat,lon,elevation_m", "X,x,95,0,1"])


if __name__ == "__main__":
    unittest.main()
