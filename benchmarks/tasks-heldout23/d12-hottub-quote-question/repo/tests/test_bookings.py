import unittest
from datetime import date

from hottub.bookings import Booking, check_clash, free_tubs, last_night

FLEET = {"T1": "4-seater", "T2": "4-seater", "T3": "6-seater"}
BOOKINGS = [Booking("T1", "4-seater", date(2025, 6, 6), 3)]


class BookingTests(unittest.TestCase):
    def test_last_night(self):
        self.assertEqual(last_night(BOOKINGS[0]), date(2025, 6, 8))

    def test_free_tubs(self):
        self.assertEqual(free_tubs(BOOKINGS, FLEET, "4-seater", date(2025, 6, 7), 2), ["T2"])
        self.assertEqual(free_tubs(BOOKINGS, FLEET, "4-seater", date(2025, 6, 9), 2), ["T1", "T2"])

    def test_clash(self):
        with self.assertRaises(ValueError):
            check_clash(BOOKINGS, Booking("T1", "4-seater", date(2025, 6, 8), 1))
        check_clash(BOOKINGS, Booking("T1", "4-seater", date(2025, 6, 9), 1))


if __name__ == "__main__":
    unittest.main()
