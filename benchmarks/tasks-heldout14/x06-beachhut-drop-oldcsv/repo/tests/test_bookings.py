import unittest

from beachhut.bookings import Booking, overlaps
from beachhut.prices import week_price


class BookingTest(unittest.TestCase):
    def test_last_week(self):
        self.assertEqual(Booking(4, "Ames", 30, 2).last_week, 31)

    def test_overlaps(self):
        a = Booking(4, "Ames", 30, 2)
        self.assertTrue(overlaps(a, Booking(4, "Bell", 31)))
        self.assertFalse(overlaps(a, Booking(4, "Bell", 32)))
        self.assertFalse(overlaps(a, Booking(5, "Bell", 30)))


class PriceTest(unittest.TestCase):
    def test_seasons(self):
        self.assertEqual(week_price(30), 140)
        self.assertEqual(week_price(20, front_row=True), 120)
        self.assertEqual(week_price(50), 60)


if __name__ == "__main__":
    unittest.main()
