import unittest

from timesheet.durations import format_duration


class FormatDurationTest(unittest.TestCase):
    def test_hours_and_minutes(self):
        self.assertEqual(format_duration(90), "1h30m")

    def test_minutes_only(self):
        self.assertEqual(format_duration(45), "45m")
        self.assertEqual(format_duration(0), "0m")

    def test_whole_hours(self):
        self.assertEqual(format_duration(120), "2h")

    def test_negative(self):
        with self.assertRaises(ValueError):
            format_duration(-1)


if __name__ == "__main__":
    unittest.main()
