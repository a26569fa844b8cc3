import unittest

from saunabook.booking import Booking, day_total, quote
from saunabook.receipt import price_list, receipt


class BookingTest(unittest.TestCase):
    def test_quote_peak_and_off_peak(self):
        self.assertEqual(quote(Booking("Aino", 18, 60, 2, towels=2)), 4100)
        self.assertEqual(quote(Booking("Aino", 10, 60, 2, towels=2)), 3380)

    def test_day_total(self):
        bookings = [Booking("A", 18, 30, 1), Booking("B", 9, 30, 1, card="L-7")]
        self.assertEqual(day_total(bookings), 900 + 720)

    def test_receipt(self):
        text = receipt(Booking("Eero", 19, 90, 4, towels=4, card="L-0042"))
        self.assertIn("Loyalty card: L-0042", text)
        self.assertIn("Total: EUR 107.20", text)

    def test_price_list(self):
        self.assertEqual(price_list((30, 60)).splitlines(),
                         [" 30 min    9.00    7.20", " 60 min   18.00   14.40"])


if __name__ == "__main__":
    unittest.main()
