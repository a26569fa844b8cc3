import unittest
from datetime import date

from tins.counts import Count
from tins.report import report_lines

COUNTS = [Count("T1", "Quay", date(2025, 8, 2), 550), Count("T2", "Shop", date(2025, 8, 3), 1200),
          Count("T3", "Quay", date(2025, 8, 9), 250)]


class ReportTests(unittest.TestCase):
    def test_lines(self):
        lines = report_lines(COUNTS, "August")
        self.assertEqual(lines[0], "August")
        self.assertEqual(lines[1].split(), ["Shop", "12.0", "60%"])
        self.assertEqual(lines[2].split(), ["Quay", "8.0", "40%"])
        self.assertEqual(lines[3], "Total: 20.0 from 3 tins")
        self.assertEqual(lines[4], "Best tin: T2 (Shop) 12.0")

    def test_empty(self):
        self.assertEqual(report_lines([], "May"), ["May", "No tins counted."])


if __name__ == "__main__":
    unittest.main()
