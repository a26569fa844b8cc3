import unittest

from timeparse import format_duration, parse_duration


class ParseTests(unittest.TestCase):
    def test_combined(self):
        self.assertEqual(parse_duration("1h30m"), 5400)

    def test_plain_seconds(self):
        self.assertEqual(parse_duration("45"), 45)

    def test_days(self):
        self.assertEqual(parse_duration("2d"), 172800)

    def test_garbage(self):
        with self.assertRaises(ValueError):
            parse_duration("ten minutes")


class FormatTests(unittest.TestCase):
    def test_round_trip(self):
        self.assertEqual(format_duration(parse_duration("1d2h3m4s")), "1d2h3m4s")
