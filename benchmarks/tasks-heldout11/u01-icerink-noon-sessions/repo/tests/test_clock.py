import unittest

from rinktime.clock import format_time, parse_time


class ParseTimeTest(unittest.TestCase):
    def test_evening(self):
        self.assertEqual(parse_time("7:45 pm"), 1185)

    def test_morning(self):
        self.assertEqual(parse_time("9:30 am"), 570)

    def test_dotted_and_upper_case(self):
        self.assertEqual(parse_time("6:15 A.M."), 375)

    def test_rejects_nonsense(self):
        for bad in ("13:00 pm", "7:60 am", "7 pm", ""):
            with self.assertRaises(ValueError):
                parse_time(bad)


class FormatTimeTest(unittest.TestCase):
    def test_midnight_and_noon(self):
        self.assertEqual(format_time(0), "12:00 am")
        self.assertEqual(format_time(750), "12:30 pm")

    def test_evening(self):
        self.assertEqual(format_time(1185), "7:45 pm")


if __name__ == "__main__":
    unittest.main()
