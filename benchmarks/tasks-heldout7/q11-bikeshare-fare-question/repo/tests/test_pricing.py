import unittest
from datetime import date

from bikeshare import blocks, is_peak_day, ride_fare


class CalendarTests(unittest.TestCase):
    def test_peak_days(self):
        self.assertTrue(is_peak_day(date(2025, 6, 15)))     # Sunday
        self.assertTrue(is_peak_day("2025-12-25"))          # Thursday, holiday
        self.assertFalse(is_peak_day("2025-06-11"))         # Wednesday


class FareTests(unittest.TestCase):
    def test_blocks(self):
        self.assertEqual(blocks(2, 15), 0)
        self.assertEqual(blocks(17, 15), 1)
        self.assertEqual(blocks(18, 15), 2)

    def test_member_weekday(self):
        self.assertEqual(ride_fare(25, plan="member", day="2025-06-11"), 0.5)

    def test_casual_weekday(self):
        self.assertEqual(ride_fare(20, day="2025-06-11"), 2.4)

    def test_cap(self):
        self.assertEqual(ride_fare(600, plan="casual"), 15.0)

    def test_unknown_plan(self):
        with self.assertRaises(ValueError):
            ride_fare(10, plan="tourist")


if __name__ == "__main__":
    unittest.main()
