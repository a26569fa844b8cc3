import unittest

from sled.util import format_time, parse_time


class TimeTest(unittest.TestCase):
    def test_parse_hours(self):
        self.assertEqual(parse_time("1:02:03"), 3723)

    def test_parse_minutes(self):
        self.assertEqual(parse_time("62:03"), 3723)

    def test_format(self):
        self.assertEqual(format_time(3723), "1:02:03")


if __name__ == "__main__":
    unittest.main()
