import unittest
from datetime import date

from casks.ageing import age_label, litres_after, years_between
from casks.report import report
from casks.settings import DEFAULTS, load_settings


class AgeingTest(unittest.TestCase):
    def test_no_time_no_loss(self):
        self.assertEqual(litres_after(200, 0), 200)

    def test_loses_spirit(self):
        self.assertLess(litres_after(200, 10), litres_after(200, 5))

    def test_years(self):
        self.assertAlmostEqual(years_between(date(2020, 1, 1), date(2021, 1, 1)), 366 / 365.25)
        self.assertEqual(years_between(date(2021, 1, 1), date(2020, 1, 1)), 0)

    def test_age_label(self):
        self.assertEqual(age_label(date(2015, 3, 1), date(2025, 9, 15)), "10 yr 6 mo")


class ReportTest(unittest.TestCase):
    def test_defaults_when_no_file(self):
        self.assertEqual(load_settings("no-such-file.json"), DEFAULTS)

    def test_report_shape(self):
        lines = report([("C1", "barrel", date(2025, 1, 1), 200.0)], date(2025, 1, 1), dict(DEFAULTS))
        self.assertEqual(lines[0], "Warehouse, 2025-01-01")
        self.assertEqual(lines[-1].split(), ["total", "200.0", "l"])


if __name__ == "__main__":
    unittest.main()
