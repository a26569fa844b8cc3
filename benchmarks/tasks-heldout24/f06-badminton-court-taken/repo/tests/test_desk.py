import unittest

from courts.desk import handle


class DeskTests(unittest.TestCase):
    def test_lines(self):
        bookings = []
        self.assertEqual(handle(bookings, "Tue 19 1 Priya Shah"), "booked: court 1 at 19:00 on Tue for Priya Shah")
        self.assertEqual(handle(bookings, "Tue 19 1 Sam Reid"), "taken: court 1 at 19:00 on Tue (free: 2, 3, 4)")
        self.assertEqual(handle(bookings, "Tue 23 1 Sam Reid"), "rejected: the hall is closed at 23:00")
        self.assertEqual(handle(bookings, "Tue 19"), "rejected: cannot read 'Tue 19'")


if __name__ == "__main__":
    unittest.main()
