import unittest

from glasshouse.alerts import alert_for, alerts
from glasshouse.report import daily_min_max, render


class AlertTests(unittest.TestCase):
    def test_frost(self):
        self.assertEqual(alert_for("b1", 33.8), "FROST b1: 1.0 C")

    def test_heat_and_quiet(self):
        self.assertEqual(alerts([("b1", 70), ("b2", 96.8)]), ["HEAT b2: 36.0 C"])


class ReportTests(unittest.TestCase):
    def test_min_max(self):
        self.assertEqual(daily_min_max({"b1": [50, 68, 59]}), {"b1": (10.0, 20.0)})

    def test_render(self):
        text = render({"b2": [41], "b1": [50, 68]})
        self.assertEqual(text.splitlines()[1].split(), ["b1", "10.0", "20.0"])


if __name__ == "__main__":
    unittest.main()
