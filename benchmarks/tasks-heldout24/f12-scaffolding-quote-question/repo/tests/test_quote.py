import unittest

from scaffold.quote import billed_height, extra_weeks, hire_quote, site_charge


class QuoteTests(unittest.TestCase):
    def test_lifts(self):
        self.assertEqual(billed_height(7), 8)
        self.assertEqual(billed_height(6), 6)

    def test_weeks(self):
        self.assertEqual(extra_weeks(3), 0)
        self.assertEqual(extra_weeks(6), 2)

    def test_sites(self):
        self.assertEqual(site_charge("rural", 8), 120)
        self.assertEqual(site_charge("city", 3), 105)

    def test_minimum(self):
        self.assertEqual(hire_quote(3, 2, 1), 540)

    def test_standard_job(self):
        # 10 x 6 m, 6 weeks: 60 m2 x 9.50 + 60 x 0.80 x 2 = 666, + VAT = 799.20
        self.assertEqual(hire_quote(10, 6, 6), 800)


if __name__ == "__main__":
    unittest.main()
