import unittest

from courts.booking import book_court, free_courts


class BookingTests(unittest.TestCase):
    def test_book(self):
        bookings = []
        b = book_court(bookings, "Tue", 19, 1, "Priya")
        self.assertEqual(bookings, [b])
        self.assertEqual(free_courts(bookings, "Tue", 19), [2, 3, 4])

    def test_taken(self):
        bookings = []
        book_court(bookings, "Tue", 19, 1, "Priya")
        with self.assertRaises(ValueError):
            book_court(bookings, "Tue", 19, 1, "Sam")
        self.assertEqual(len(bookings), 1)

    def test_invalid(self):
        for day, hour, court in [("Tues", 19, 1), ("Tue", 6, 1), ("Tue", 22, 1), ("Tue", 19, 0), ("Tue", 19, 5)]:
            with self.assertRaises(ValueError):
                book_court([], day, hour, court, "X")


if __name__ == "__main__":
    unittest.main()
