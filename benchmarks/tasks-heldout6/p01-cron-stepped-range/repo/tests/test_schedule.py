import unittest
from datetime import datetime

from cronhelp import CronSchedule


class ScheduleTests(unittest.TestCase):
    def test_field_count(self):
        with self.assertRaises(ValueError):
            CronSchedule("* * * *")

    def test_every_hour(self):
        s = CronSchedule("0 * * * *")
        self.assertEqual(s.next_after(datetime(2024, 3, 1, 10, 15)), datetime(2024, 3, 1, 11, 0))

    def test_strictly_after(self):
        s = CronSchedule("0 * * * *")
        self.assertEqual(s.next_after(datetime(2024, 3, 1, 11, 0)), datetime(2024, 3, 1, 12, 0))

    def test_weekday_sunday_is_zero(self):
        s = CronSchedule("0 9 * * 0")
        # 2024-03-01 is a Friday; the next Sunday is 2024-03-03.
        self.assertEqual(s.next_after(datetime(2024, 3, 1, 12, 0)), datetime(2024, 3, 3, 9, 0))


if __name__ == "__main__":
    unittest.main()
