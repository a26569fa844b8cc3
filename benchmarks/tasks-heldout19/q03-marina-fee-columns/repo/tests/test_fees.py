import unittest

from moorings.fees import season_fee
from moorings.report import report_lines


class FeeTest(unittest.TestCase):
    def test_by_length(self):
        self.assertEqual(season_fee(10.0), 425.0)

    def test_minimum(self):
        self.assertEqual(season_fee(3.0), 250.0)

    def test_pontoon(self):
        self.assertEqual(season_fee(10.0, pontoon=True), 485.0)

    def test_bad_length(self):
        with self.assertRaises(ValueError):
            season_fee(0)


class ReportTest(unittest.TestCase):
    def test_one_line_per_boat_and_total(self):
        lines = report_lines([("A", 8.0, False), ("B", 9.0, True)])
        self.assertEqual(len(lines), 3)
        self.assertTrue(lines[0].startswith("A "))
        self.assertTrue(lines[-1].startswith("TOTAL"))


if __name__ == "__main__":
    unittest.main()
