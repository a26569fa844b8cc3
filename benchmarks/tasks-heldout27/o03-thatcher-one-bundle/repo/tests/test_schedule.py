import unittest

from thatch.schedule import schedule


class ScheduleTest(unittest.TestCase):
    def test_totals(self):
        lines = schedule([("Barn", 24, 6, "reed"), ("Shed", 30, 0, "straw")])
        self.assertEqual(lines[-1], "Season: 2 jobs, 6 days, £2964")

    def test_job_line(self):
        line = schedule([("Barn", 24, 6, "reed")])[0]
        self.assertIn("36 bundles of reed", line)


if __name__ == "__main__":
    unittest.main()
