import unittest

from narrowboat.legs import Leg
from narrowboat.timing import format_clock, format_duration, leg_minutes, parse_clock


class TimingTest(unittest.TestCase):
    def test_leg_minutes(self):
        self.assertAlmostEqual(leg_minutes(Leg("A", 6.0, 2)), 150.0)
        self.assertAlmostEqual(leg_minutes(Leg("B", 1.5, 0)), 30.0)

    def test_format_duration(self):
        self.assertEqual(format_duration(125), "2h05m")
        self.assertEqual(format_duration(45.2), "0h45m")

    def test_clock(self):
        self.assertEqual(parse_clock("09:30"), 570)
        self.assertEqual(format_clock(570), "09:30")
        self.assertEqual(format_clock(24 * 60 + 5), "00:05")


if __name__ == "__main__":
    unittest.main()
