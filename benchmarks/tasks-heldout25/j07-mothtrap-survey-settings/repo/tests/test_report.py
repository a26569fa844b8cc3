import os
import unittest

from moths.nights import read_nights
from moths.report import report
from moths.settings import load_settings

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class ReportTests(unittest.TestCase):
    def setUp(self):
        self.settings = load_settings(os.path.join(HERE, "trap.ini"))
        self.nights = read_nights(os.path.join(HERE, "catches.csv"))

    def test_settings(self):
        self.assertEqual(self.settings["site"]["name"], "Hollins Wood")
        self.assertEqual(self.settings["trap"]["design"], "Robinson")

    def test_report(self):
        lines = report(self.settings, self.nights)
        self.assertEqual(lines[0], "Hollins Wood (SK 512 334), MV 125W Robinson trap, recorder J. Amis")
        self.assertIn("(cold)", lines[2])
        self.assertEqual(lines[-2], "Notable: Jersey Tiger (2025-07-12)")
        self.assertEqual(lines[-1], "3 nights, 1 cold")


if __name__ == "__main__":
    unittest.main()
