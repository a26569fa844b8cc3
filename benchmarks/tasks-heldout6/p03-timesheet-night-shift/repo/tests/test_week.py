import os
import tempfile
import unittest

from timesheet.report import format_report
from timesheet.week import hours_by_employee, load_entries

CSV = """date,employee,start,end,break
2024-04-01,amira,09:00,17:30,30
2024-04-02,amira,08:00,12:15,0
2024-04-01,jonas,07:00,15:00,45
"""


class WeekTests(unittest.TestCase):
    def setUp(self):
        fd, self.path = tempfile.mkstemp(suffix=".csv")
        with os.fdopen(fd, "w") as fh:
            fh.write(CSV)

    def tearDown(self):
        os.remove(self.path)

    def test_totals(self):
        hours = hours_by_employee(load_entries(self.path))
        self.assertEqual(hours, {"amira": 12.25, "jonas": 7.25})

    def test_report(self):
        text = format_report({"b": 1.5, "a": 2})
        self.assertEqual(text.splitlines()[0].split(), ["a", "2.00"])
        self.assertEqual(text.splitlines()[-1].split(), ["TOTAL", "3.50"])


if __name__ == "__main__":
    unittest.main()
