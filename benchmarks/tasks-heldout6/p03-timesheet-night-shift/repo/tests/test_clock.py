import unittest

from timesheet.clock import parse_hhmm, shift_minutes


class ClockTests(unittest.TestCase):
    def test_parse(self):
        self.assertEqual(parse_hhmm("00:00"), 0)
        self.assertEqual(parse_hhmm("07:45"), 465)
        self.assertEqual(parse_hhmm("23:59"), 1439)

    def test_parse_rejects(self):
        for bad in ("24:00", "7", "12:60", "ab:cd"):
            with self.assertRaises(ValueError):
                parse_hhmm(bad)

    def test_day_shift(self):
        self.assertEqual(shift_minutes("09:00", "17:30"), 510)
        self.assertEqual(shift_minutes("09:00", "17:30", 30), 480)


if __name__ == "__main__":
    unittest.main()
