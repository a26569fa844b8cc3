import unittest

from splitwatch.timefmt import format_duration, parse_duration


class TimefmtTest(unittest.TestCase):
    def test_parse(self):
        self.assertEqual(parse_duration("1:45:30"), 6330)
        self.assertEqual(parse_duration("52:10"), 3130)

    def test_parse_rejects(self):
        for bad in ("", "1:75", "abc", "1:2:3:4"):
            with self.assertRaises(ValueError):
                parse_duration(bad)

    def test_format(self):
        self.assertEqual(format_duration(6330), "1:45:30")
        self.assertEqual(format_duration(3130), "52:10")
        self.assertEqual(format_duration(59), "0:59")


if __name__ == "__main__":
    unittest.main()
