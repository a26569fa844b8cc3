import unittest

from cabfare.bookings import quote
from cabfare.meter import is_night, metered_fare


class MeterTest(unittest.TestCase):
    def test_day_fare(self):
        self.assertEqual(metered_fare(4, 14), 11.6)

    def test_night(self):
        self.assertTrue(is_night(23))
        self.assertTrue(is_night(5))
        self.assertFalse(is_night(6))


class QuoteTest(unittest.TestCase):
    def test_short_trip_costs_the_minimum(self):
        self.assertEqual(quote(0.5, 12, by_app=True), 6.0)

    def test_phone_booking_fee(self):
        self.assertEqual(quote(4, 14), 12.1)


if __name__ == "__main__":
    unittest.main()
