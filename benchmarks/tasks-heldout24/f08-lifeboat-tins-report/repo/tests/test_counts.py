import unittest
from datetime import date

from tins.counts import Count, best_tin, in_month, totals_by_site

COUNTS = [Count("T1", "Quay", date(2025, 8, 2), 500), Count("T2", "Shop", date(2025, 8, 3), 1200),
          Count("T3", "Quay", date(2025, 9, 1), 900)]


class CountTests(unittest.TestCase):
    def test_totals(self):
        self.assertEqual(totals_by_site(COUNTS), [("Quay", 1400), ("Shop", 1200)])

    def test_month(self):
        self.assertEqual([c.tin for c in in_month(COUNTS, "2025-08")], ["T1", "T2"])

    def test_best(self):
        self.assertEqual(best_tin(COUNTS).tin, "T2")


if __name__ == "__main__":
    unittest.main()
