import datetime
import unittest

from weatherlog.report import daily_summary
from weatherlog.station import parse_line

LOG = """# station 3, roof
2026-07-01T06:00,18.0,80
2026-07-01T15:00,29.5,45

2026-07-02T06:00,17.0,90
"""


class ReportTests(unittest.TestCase):
    def test_two_days(self):
        out = daily_summary(LOG.splitlines())
        day1 = out[datetime.date(2026, 7, 1)]
        self.assertEqual((day1["min"], day1["max"], day1["mean"]), (18.0, 29.5, 23.8))
        self.assertEqual(day1["max_dew"], 16.3)
        self.assertEqual(len(out), 2)

    def test_reading_properties(self):
        r = parse_line("2026-07-01T15:00,30.0,50")
        self.assertEqual(r.dew_c, 18.4)
