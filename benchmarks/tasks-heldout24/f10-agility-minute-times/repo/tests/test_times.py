import unittest

from agility.times import format_time, parse_time, time_faults


class TimeTests(unittest.TestCase):
    def test_seconds(self):
        self.assertEqual(parse_time("38.41"), 3841)
        self.assertEqual(parse_time("36.9"), 3690)
        self.assertEqual(parse_time(" 41 "), 4100)

    def test_not_times(self):
        for text in ["", "E", "38.411", "-3.5", "thirty", "38,41"]:
            with self.assertRaises(ValueError):
                parse_time(text)

    def test_format(self):
        self.assertEqual(format_time(3841), "38.41")
        self.assertEqual(format_time(6215), "1:02.15")

    def test_times_over_a_minute(self):
        # the big courses run past a minute and the timers then show M:SS.hh
        self.assertEqual(parse_time("1:02.15"), 6215)
        self.assertEqual(parse_time("2:00"), 12000)
        self.assertEqual(parse_time("0:59.9"), 5990)
        self.assertEqual(parse_time(format_time(7504)), 7504)
        for text in ["1:60.00", "1:", "1:2:03.00", "x:02.15"]:
            with self.assertRaises(ValueError):
                parse_time(text)

    def test_time_faults(self):
        self.assertEqual(time_faults(3841, 40), 0)
        self.assertEqual(time_faults(4000, 40), 0)
        self.assertEqual(time_faults(4001, 40), 1)
        self.assertEqual(time_faults(4107, 40), 2)


if __name__ == "__main__":
    unittest.main()
