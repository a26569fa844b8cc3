import unittest
from datetime import date

from clocks.jobs import Job, overdue
from clocks.overdue import report

JOBS = [
    Job("T1", "A", "mantel clock", date(2025, 3, 1), False),
    Job("T2", "B", "wall clock", date(2025, 3, 5), True),
    Job("T3", "C", "bracket clock", date(2025, 2, 20), False),
]


class OverdueTest(unittest.TestCase):
    def test_finished_jobs_are_never_late(self):
        self.assertEqual([j.ticket for j in overdue(JOBS, date(2025, 3, 10))], ["T3", "T1"])

    def test_due_today_is_not_late(self):
        self.assertEqual(overdue(JOBS, date(2025, 2, 20)), [])

    def test_report_lines(self):
        lines = report(JOBS, date(2025, 3, 2))
        self.assertEqual(lines[0], "2 overdue on 2025-03-02:")
        self.assertTrue(lines[2].endswith("(1 day late)"))

    def test_nothing_late(self):
        self.assertEqual(report(JOBS, date(2025, 1, 1)), ["Nothing overdue on 2025-01-01."])


if __name__ == "__main__":
    unittest.main()
