import unittest

from tidepool.stations import Station, find_station, load_stations


class StationsTest(unittest.TestCase):
    def test_load_and_find(self):
        stations = load_stations("tidepool/stations.json")
        self.assertEqual(find_station(stations, "whitby").code, "WHB")
        with self.assertRaises(KeyError):
            find_station(stations, "Filey")

    def test_local(self):
        s = Station("RHB", "Robin Hood's Bay", -6, 0.96)
        self.assertEqual(s.local_time(3), 1437)
        self.assertEqual(s.local_height(5.1), 5.02)


if __name__ == "__main__":
    unittest.main()
