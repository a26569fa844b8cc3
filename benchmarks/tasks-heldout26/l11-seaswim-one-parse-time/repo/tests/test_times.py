import unittest

from swimclub.times import format_time, parse_time


class TimeTests(unittest.TestCase):
    def test_parse(self):
        self.assertAlmostEqual(parse_time("12:04.3"), 724.3)
        self.assertEqual(parse_time("1:02:15"), 3735)

    def test_bad(self):
        for text in ["", "12", "12:75", "a:10", "1::2"]:
            with self.assertRaises(ValueError):
                parse_time(text)

    def test_format(self):
        self.assertEqual(format_time(724.3), "12:04.3")
        self.assertEqual(format_time(3735), "1:02:15.0")


if __name__ == "__main__":
    unittest.main()
