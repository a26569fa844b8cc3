import unittest

from tramboard.clock import format_hhmm, minutes_until, parse_hhmm


class ClockTest(unittest.TestCase):
    def test_parse(self):
        self.assertEqual(parse_hhmm("00:00"), 0)
        self.assertEqual(parse_hhmm("07:05"), 425)
        self.assertEqual(parse_hhmm(" 23:59 "), 1439)

    def test_parse_rejects_bad_times(self):
        for bad in ("24:00", "12:60", "noon"):
            with self.assertRaises(ValueError):
                parse_hhmm(bad)

    def test_format(self):
        self.assertEqual(format_hhmm(425), "07:05")
        self.assertEqual(format_hhmm(1445), "00:05")

    def test_wait_same_hour(self):
        self.assertEqual(minutes_until("07:52", "07:55"), 3)

    def test_wait_departing_now(self):
        self.assertEqual(minutes_until("08:10", "08:10"), 0)


if __name__ == "__main__":
    unittest.main()
