import unittest

from parkfee import fee, format_cents
from parkfee.clock import stay_minutes, to_minutes


class ClockTests(unittest.TestCase):
    def test_to_minutes(self):
        self.assertEqual(to_minutes("09:30"), 570)
        with self.assertRaises(ValueError):
            to_minutes("24:00")

    def test_stay_crossing_midnight(self):
        self.assertEqual(stay_minutes("23:30", "01:10"), 100)


class FeeTests(unittest.TestCase):
    def test_free_period(self):
        self.assertEqual(fee("standard", "10:00", "10:10"), 0)
        self.assertEqual(fee("resident", "10:00", "10:30"), 0)

    def test_started_hour_is_charged(self):
        self.assertEqual(fee("standard", "10:00", "10:50"), 350)
        self.assertEqual(fee("standard", "09:10", "10:45"), 700)

    def test_overnight(self):
        self.assertEqual(fee("resident", "23:30", "01:10"), 300)

    def test_daily_cap(self):
        self.assertEqual(fee("standard", "06:05", "20:30"), 2400)

    def test_unknown_tariff(self):
        with self.assertRaises(ValueError):
            fee("vip", "10:00", "11:30")

    def test_format_cents(self):
        self.assertEqual(format_cents(705), "7.05")


if __name__ == "__main__":
    unittest.main()
