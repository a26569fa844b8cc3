import unittest
from datetime import date

from skihire.pricing import charged_days, day_rate, quote


class PricingTest(unittest.TestCase):
    def test_charged_days(self):
        self.assertEqual([charged_days(n) for n in (1, 6, 7, 8, 14)], [1, 6, 6, 7, 12])

    def test_day_rate(self):
        self.assertEqual(day_rate(["skis", "boots", "poles"]), 4300)
        with self.assertRaises(ValueError):
            day_rate(["sledge"])

    def test_weekend_quote(self):
        self.assertEqual(quote(["skis", "boots"], date(2025, 2, 14), date(2025, 2, 16)), 8000)

    def test_week_quote(self):
        self.assertEqual(quote(["snowboard"], date(2025, 2, 1), date(2025, 2, 8)), 6 * 2600)


if __name__ == "__main__":
    unittest.main()
