import unittest
from datetime import date

from turnstile.visit import receipt, visit_price


class VisitTests(unittest.TestCase):
    def test_weekday(self):
        self.assertEqual(visit_price([40, 38, 7], date(2025, 6, 11)), 3800)

    def test_sunday(self):
        self.assertEqual(visit_price([40, 3], date(2025, 6, 15)), 1600)

    def test_receipt(self):
        self.assertEqual(receipt([30], date(2025, 6, 11)), "1 visitors, 2025-06-11: EUR 15.00")


if __name__ == "__main__":
    unittest.main()
