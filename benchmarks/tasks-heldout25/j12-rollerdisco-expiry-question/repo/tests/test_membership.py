import datetime
import unittest

from rink.membership import add_months, expiry_date

D = datetime.date


class MembershipTests(unittest.TestCase):
    def test_add_months(self):
        self.assertEqual(add_months(D(2025, 1, 15), 1), D(2025, 2, 15))
        self.assertEqual(add_months(D(2025, 11, 20), 3), D(2026, 2, 20))

    def test_monthly(self):
        self.assertEqual(expiry_date(D(2025, 7, 2), "monthly"), D(2025, 8, 1))

    def test_season_with_a_pause(self):
        self.assertEqual(expiry_date(D(2025, 6, 18), "season", paused_weeks=1), D(2025, 10, 24))

    def test_unknown_plan(self):
        with self.assertRaises(ValueError):
            expiry_date(D(2025, 7, 2), "lifetime")


if __name__ == "__main__":
    unittest.main()
