import unittest

from reefkeeper import weekly_plan


class ScheduleTest(unittest.TestCase):
    def test_spreads_large_rise(self):
        plan = weekly_plan(300, 6.0, 8.5, 1.5)
        self.assertEqual(plan, [(1, 2.0), (2, 2.0), (3, 1.0)])

    def test_nothing_to_do(self):
        self.assertEqual(weekly_plan(300, 9.0, 8.0, 1.5), [])


if __name__ == "__main__":
    unittest.main()
