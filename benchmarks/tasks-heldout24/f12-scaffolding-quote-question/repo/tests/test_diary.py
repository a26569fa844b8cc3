import unittest
from datetime import date

from scaffold.diary import Job, down_on, on_day, standing

JOBS = [Job("A", "x", date(2025, 4, 7), 3), Job("B", "y", date(2025, 4, 7), 1)]


class DiaryTests(unittest.TestCase):
    def test_down(self):
        self.assertEqual(down_on(JOBS[0]), date(2025, 4, 28))

    def test_on_day(self):
        self.assertEqual(on_day(JOBS, date(2025, 4, 14)), ([], ["B"]))

    def test_standing(self):
        self.assertEqual(standing(JOBS, date(2025, 4, 14)), ["A"])


if __name__ == "__main__":
    unittest.main()
