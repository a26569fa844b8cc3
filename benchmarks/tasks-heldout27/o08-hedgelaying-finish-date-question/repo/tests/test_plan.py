import unittest
from datetime import date

from hedge.plan import days_needed, finish_date, metres_per_day


class PlanTest(unittest.TestCase):
    def test_rate(self):
        self.assertEqual([metres_per_day(n) for n in (1, 2, 3)], [12, 24, 32])

    def test_days(self):
        self.assertEqual(days_needed(25, 1), 3)

    def test_one_day_job_on_a_monday(self):
        self.assertEqual(finish_date(10, date(2025, 11, 3)), date(2025, 11, 3))

    def test_weekend_skipped(self):
        self.assertEqual(finish_date(36, date(2025, 11, 6)), date(2025, 11, 10))

    def test_season_end(self):
        with self.assertRaises(ValueError):
            finish_date(120, date(2026, 3, 25))


if __name__ == "__main__":
    unittest.main()
