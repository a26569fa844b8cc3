import unittest

from tidepool.tides import format_minutes, height_at, low_tide_windows

TURNS = [(0, 4.8), (370, 1.0), (745, 5.0), (1120, 0.8)]


class TidesTest(unittest.TestCase):
    def test_turning_points(self):
        self.assertEqual(height_at(TURNS, 370), 1.0)
        self.assertEqual(height_at(TURNS, 745), 5.0)

    def test_midway(self):
        self.assertEqual(height_at(TURNS, 185), 2.9)

    def test_outside(self):
        with self.assertRaises(ValueError):
            height_at(TURNS, 1200)

    def test_windows(self):
        self.assertEqual(low_tide_windows(TURNS, 1.5, step=30), [(300, 450), (1020, 1120)])

    def test_format(self):
        self.assertEqual(format_minutes(370), "06:10")


if __name__ == "__main__":
    unittest.main()
