import unittest
from datetime import date

from tunebook.schedule import days_overdue, interval, is_due, next_tuning


class ScheduleTests(unittest.TestCase):
    def test_interval(self):
        self.assertEqual(interval("school"), 182)
        with self.assertRaises(ValueError):
            interval("organ")

    def test_next_tuning(self):
        self.assertEqual(next_tuning(date(2025, 1, 10), "concert"), date(2025, 2, 9))

    def test_overdue(self):
        self.assertEqual(days_overdue(date(2025, 1, 10), "concert", date(2025, 2, 12)), 3)
        self.assertTrue(is_due(date(2025, 1, 10), "concert", date(2025, 2, 9)))
        self.assertFalse(is_due(date(2025, 1, 10), "home", date(2025, 2, 9)))


if __name__ == "__main__":
    unittest.main()
