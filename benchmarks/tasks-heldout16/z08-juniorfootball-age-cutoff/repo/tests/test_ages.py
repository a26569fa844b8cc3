import unittest
from datetime import date

from kickabout.ages import age_group, age_on, long_date, season_label, season_of


class AgesTest(unittest.TestCase):
    def test_age_on(self):
        self.assertEqual(age_on(date(2016, 1, 15), date(2026, 1, 14)), 9)
        self.assertEqual(age_on(date(2016, 1, 15), date(2026, 1, 15)), 10)

    def test_seasons(self):
        self.assertEqual(season_of(date(2026, 8, 31)), 2025)
        self.assertEqual(season_of(date(2026, 9, 1)), 2026)
        self.assertEqual(season_label(date(2026, 3, 12)), "2025-26")

    def test_age_group(self):
        self.assertEqual(age_group(date(2016, 1, 15), date(2026, 3, 12)), "U11")
        self.assertEqual(age_group(date(2016, 6, 1), date(2026, 3, 12)), "U10")
        with self.assertRaises(ValueError):
            age_group(date(2021, 5, 1), date(2026, 3, 12))
        with self.assertRaises(ValueError):
            age_group(date(2008, 5, 1), date(2026, 3, 12))

    def test_long_date(self):
        self.assertEqual(long_date(date(2026, 3, 5)), "5 March 2026")


if __name__ == "__main__":
    unittest.main()
