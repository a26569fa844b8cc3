import unittest
from datetime import date

from apiary.harvest import Harvest
from apiary.report import render


class ReportTests(unittest.TestCase):
    def test_header_names_the_season(self):
        text = render([], 2026)
        self.assertEqual(text.splitlines()[0], "Honey season 2026 (April to September)")

    def test_lines_per_hive_and_total(self):
        hs = [Harvest("A1", date(2026, 5, 1), 8.5), Harvest("B2", date(2026, 7, 9), 4.0)]
        lines = render(hs, 2026).splitlines()
        self.assertEqual(len(lines), 4)
        self.assertIn("A1", lines[1])
        self.assertIn("12.50", lines[3])


if __name__ == "__main__":
    unittest.main()
