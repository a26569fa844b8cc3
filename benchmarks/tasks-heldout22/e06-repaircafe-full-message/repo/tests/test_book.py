import unittest
from datetime import date

from repaircafe.book import SessionFull, book, places_left, session_label

JUNE = date(2025, 6, 14)


class BookTests(unittest.TestCase):
    def test_label(self):
        self.assertEqual(session_label(JUNE), "Saturday 14 June")

    def test_confirmation(self):
        bookings = []
        self.assertEqual(book(bookings, JUNE, "Ann Rowe", "Bike"),
                         "Booked Ann Rowe for bike repairs on Saturday 14 June (place 1 of 2).")
        self.assertEqual(places_left(bookings, JUNE, "bike"), 1)

    def test_full(self):
        bookings = []
        book(bookings, JUNE, "Ann", "furniture")
        with self.assertRaises(SessionFull) as cm:
            book(bookings, JUNE, "Bob", "furniture")
        self.assertIn("furniture", str(cm.exception))
        self.assertIn("Saturday 14 June", str(cm.exception))

    def test_other_day_not_full(self):
        bookings = []
        book(bookings, JUNE, "Ann", "furniture")
        self.assertIn("place 1 of 1", book(bookings, date(2025, 7, 12), "Bob", "furniture"))

    def test_unknown_category(self):
        with self.assertRaises(ValueError):
            book([], JUNE, "Cy", "piano")


if __name__ == "__main__":
    unittest.main()
